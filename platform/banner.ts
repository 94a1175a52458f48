import type { Embedded } from './embedded';

export type BannerFacts = Pick<Embedded, 'url' | 'sandboxTenant' | 'reportsUrl' | 'dashboardUrl' | 'submission'> &
  Partial<Pick<Embedded, 'inboundUrl'>> & { sandbox: { pageUrl: string } };

/** Where everything is, the sandbox key on the first start as a line to paste, and a send to try. */
export function startBanner(platform: BannerFacts, dataDir: string, processes: string[] = []): string {
  const lines = ['', `  Mailplane is running at ${platform.url}  (data in ${dataDir})`];
  if (platform.sandboxTenant) {
    lines.push(
      '',
      `  A sandbox tenant was created, with the verified sending domain ${platform.sandboxTenant.domain}.`,
      '  Its API key is shown this once; paste this line into your shell (and keep the key):',
      '',
      `    export MAILPLANE_API_KEY=${platform.sandboxTenant.apiKey}`,
    );
  } else {
    lines.push('', '  The sandbox tenant exists; its key was shown at first start as MAILPLANE_API_KEY (delete DATA_DIR to start over).');
  }
  lines.push(
    '',
    `  Dashboard:       ${platform.dashboardUrl}  (sign in with the API key)`,
    `  API reference:   ${platform.url}/docs`,
    `  Sandbox mailbox: ${platform.sandbox.pageUrl}  (mail relayed by the platform lands here; publish DNS records at /dns)`,
    ...(platform.reportsUrl ? [`  Bounce reports:  ${platform.reportsUrl}  (delivery reports and complaints come back here)`] : []),
    `  SMTP submission: ${platform.submission.url} (STARTTLS) and ${platform.submission.tlsUrl} (TLS)`,
    `                   user name mailplane, password an API key; certificate ${platform.submission.certFile}`,
    ...(platform.inboundUrl
      ? [
          `  Inbound mail:    ${platform.inboundUrl}  (mail to receiving domains, e.g. hello@sandbox.mailplane.test; send one from the sandbox page's /inbound)`,
        ]
      : []),
    ...(processes.length ? ['', `  Processes (their logs in ${dataDir}/logs):`, ...processes] : []),
    '',
    '  Try:',
    `    curl ${platform.url}/emails -H "Authorization: Bearer $MAILPLANE_API_KEY" -H "Content-Type: application/json" \\`,
    `         -d '{"from":"hello@sandbox.mailplane.test","to":"you@example.com","subject":"Hi","text":"It works"}'`,
    '    (send to bounce@, defer@, late-bounce@ or complaint@simulator.mailplane.test to see failures, retries and reports)',
    '',
    `  Ctrl-C stops it; the data stays in ${dataDir} for the next start.`,
    '',
  );
  return lines.join('\n') + '\n';
}
