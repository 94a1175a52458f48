import { loadPlatformConfig } from '../platform/config';
import { startEmbedded } from '../platform/embedded';
import { runProcess } from '../platform/process';

async function main() {
  const config = loadPlatformConfig();
  const platform = await startEmbedded(config);
  const lines = ['', `  Mailplane is running at ${platform.url}  (data in ${config.dataDir})`];
  if (platform.sandboxTenant) {
    lines.push(
      '',
      `  A sandbox tenant was created, with the verified sending domain ${platform.sandboxTenant.domain}.`,
      '  Its API key is shown this once; keep it:',
      `    ${platform.sandboxTenant.apiKey}`,
    );
  } else {
    lines.push('', '  The sandbox tenant exists; its key was shown at first start (delete DATA_DIR to start over).');
  }
  lines.push(
    '',
    '  Try:',
    `    curl ${platform.url}/healthz`,
    `    curl ${platform.url}/api-keys -H "Authorization: Bearer <key>"`,
    `    curl ${platform.url}/emails -H "Authorization: Bearer <key>" -H "Content-Type: application/json" \\`,
    `         -d '{"from":"hello@sandbox.mailplane.test","to":"you@example.com","subject":"Hi","text":"It works"}'`,
    `  Mail relayed by the platform lands in the sandbox SMTP server: ${platform.sandbox.pageUrl}`,
    '',
  );
  process.stdout.write(lines.join('\n') + '\n');
  return platform;
}

runProcess('mailplane', main);
