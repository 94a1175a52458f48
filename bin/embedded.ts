import { startBanner } from '../platform/banner';
import { loadPlatformConfig } from '../platform/config';
import { startEmbedded } from '../platform/embedded';
import { runProcess } from '../platform/process';

async function main() {
  const config = loadPlatformConfig();
  const platform = await startEmbedded(config);
  process.stdout.write(startBanner(platform, config.dataDir));
  return platform;
}

runProcess('mailplane', main);
