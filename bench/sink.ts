import { createTxtResolver } from '../services/mail/src/dns/resolver';
import { mailauthDkimVerifier } from '../sandbox/dkim-verdict';
import { startSandboxDns, type SandboxDns } from '../sandbox/dns-server';
import { startSmtpSink, type SmtpSink } from '../sandbox/smtp-sink';

/** The embedded sandbox's DKIM-verifying sink (platform/sandbox.ts), so every mode pays the same at the receiving end. */
export async function startVerifyingSink(): Promise<{ dns: SandboxDns; sink: SmtpSink; stop(): Promise<void> }> {
  const dns = await startSandboxDns();
  const resolver = createTxtResolver({ servers: [`127.0.0.1:${dns.port}`] });
  const sink = await startSmtpSink({ verifyDkim: mailauthDkimVerifier(resolver.resolve) });
  return {
    dns,
    sink,
    async stop() {
      await sink.stop();
      await dns.stop();
    },
  };
}

/** Fails the run if the receiving end did not see valid signatures (a fast but broken sender is no result). */
export function assertSigned(sink: SmtpSink, mode: string): void {
  const bad = sink.messages().filter((m) => m.dkim?.result !== 'pass');
  if (bad.length)
    throw new Error(`${mode}: ${bad.length} of ${sink.count()} messages did not pass DKIM (first: ${JSON.stringify(bad[0].dkim)})`);
}
