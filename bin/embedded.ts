import { startBanner } from '../platform/banner';
import { loadPlatformConfig } from '../platform/config';
import { startEmbedded } from '../platform/embedded';
import { runProcess } from '../platform/process';
import { startTelemetry } from '@mailplane/telemetry';

async function main() {
  const config = loadPlatformConfig();
  // Every service in this one process: one service name; the spans' names say which service made them.
  const telemetry = await startTelemetry(config.telemetry, 'mailplane');
  const platform = await startEmbedded(config);
  process.stdout.write(startBanner(platform, config.dataDir));
  return { ...platform, stop: () => platform.stop().finally(() => telemetry.stop()) };
}

runProcess('mailplane', main);
