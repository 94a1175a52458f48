import nodemailer from 'nodemailer';
import { simulatedMailbox, SIMULATOR_DOMAIN } from './smtp-simulator';

/** What the sink knows of a message it accepted. */
interface Accepted {
  envelope: { from: string; to: string[] };
  raw: Buffer;
}

const CRLF = '\r\n';
const headerBlock = (raw: Buffer) => {
  const end = raw.indexOf('\r\n\r\n');
  return raw.subarray(0, end < 0 ? raw.length : end).toString('latin1');
};

/** A `multipart/report` (RFC 6522) to the return path: a human-readable part, the machine-readable report, the headers. */
function report(
  kind: 'delivery-status' | 'feedback-report',
  head: string[],
  human: string,
  fields: string[],
  original: Buffer,
  at: Date,
): string {
  const boundary = `${kind}-${at.getTime().toString(36)}`;
  return [
    ...head,
    `Date: ${at.toUTCString()}`,
    `Message-ID: <${boundary}@${SIMULATOR_DOMAIN}>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=${kind}; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=us-ascii',
    '',
    human,
    '',
    `--${boundary}`,
    `Content-Type: message/${kind}`,
    '',
    ...fields,
    '',
    `--${boundary}`,
    'Content-Type: text/rfc822-headers',
    '',
    headerBlock(original),
    '',
    `--${boundary}--`,
    '',
  ].join(CRLF);
}

/** RFC 3464: what a receiving MTA sends to the return path when it accepted a message and later could not deliver it. */
export function lateBounce(returnPath: string, recipient: string, original: Buffer, at = new Date()): string {
  return report(
    'delivery-status',
    [
      `From: Mail Delivery System <MAILER-DAEMON@${SIMULATOR_DOMAIN}>`,
      `To: ${returnPath}`,
      'Subject: Undelivered Mail Returned to Sender',
      'Auto-Submitted: auto-replied',
    ],
    `Your message could not be delivered to <${recipient}>: the mailbox does not exist.`,
    [
      `Reporting-MTA: dns; mx.${SIMULATOR_DOMAIN}`,
      `Arrival-Date: ${at.toUTCString()}`,
      '',
      `Final-Recipient: rfc822; ${recipient}`,
      'Action: failed',
      'Status: 5.1.1',
      `Diagnostic-Code: smtp; 550 5.1.1 <${recipient}>: mailbox unavailable (the simulator's late bounce)`,
    ],
    original,
    at,
  );
}

/** RFC 5965 ARF: what a mailbox provider's feedback loop sends when a recipient marks a message as spam. */
export function complaint(returnPath: string, recipient: string, original: Buffer, at = new Date()): string {
  return report(
    'feedback-report',
    [`From: Feedback Loop <fbl@${SIMULATOR_DOMAIN}>`, `To: ${returnPath}`, 'Subject: Abuse report'],
    'This is an email abuse report: a recipient marked this message as spam.',
    [
      'Feedback-Type: abuse',
      'User-Agent: MailplaneSimulator/1.0',
      'Version: 1',
      `Original-Mail-From: <${returnPath}>`,
      `Original-Rcpt-To: <${recipient}>`,
      `Arrival-Date: ${at.toUTCString()}`,
    ],
    original,
    at,
  );
}

/**
 * The simulator's reports after the fact: `late-bounce@` is accepted and then bounced with a DSN, `complaint@` is
 * accepted and then complained about with an ARF report, each sent over SMTP to the message's return path at the
 * route set for it (the platform's bounce listener). Without a route, or for mail with a null sender, nothing is sent.
 */
export function createReporter() {
  let route: { host: string; port: number } | null = null;
  return {
    setRoute(next: { host: string; port: number } | null) {
      route = next;
    },
    async after(message: Accepted): Promise<void> {
      if (!route || !message.envelope.from) return;
      const transport = nodemailer.createTransport({ host: route.host, port: route.port, secure: false, ignoreTLS: true });
      try {
        for (const recipient of message.envelope.to) {
          const mailbox = simulatedMailbox(recipient);
          const build = mailbox === 'late-bounce' ? lateBounce : mailbox === 'complaint' ? complaint : null;
          if (!build) continue;
          const raw = build(message.envelope.from, recipient, message.raw);
          await transport.sendMail({ envelope: { from: '', to: [message.envelope.from] }, raw });
        }
      } finally {
        transport.close();
      }
    },
  };
}
