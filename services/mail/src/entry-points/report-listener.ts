import type { Readable } from 'node:stream';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { Logger } from '@mailplane/runtime';
import type { MailDeps } from '../domain/deps';
import { applyReports } from '../domain/reports/apply-report';
import { readReport } from '../domain/reports/parse-report';
import type { ReturnPaths } from '../domain/reports/return-path';

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/**
 * The inbound SMTP listener of the bounce domain: it takes mail only for return paths we handed out (a valid tag,
 * else 550 at RCPT), up to `maxBytes` (552 beyond), reads delivery reports and complaints from it and applies them.
 * What cannot be read as a report is accepted and dropped: the sender's MTA could do nothing better with a refusal.
 */
export async function startReportListener(
  deps: MailDeps,
  paths: ReturnPaths,
  options: { host: string; port: number; maxBytes: number; logger: Logger },
): Promise<{ port: number; stop(): Promise<void> }> {
  const messages = new WeakMap<SMTPServerSession, string[]>();
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    disableReverseLookup: true,
    logger: false,
    size: options.maxBytes,
    banner: `${paths.domain} reports`,
    onRcptTo(address, session, callback) {
      const messageId = paths.messageIdOf(address.address);
      if (!messageId) return callback(smtpError(550, `5.1.1 <${address.address}>: no such return path`));
      messages.set(session, [...(messages.get(session) ?? []), messageId]);
      callback();
    },
    onData(stream, session, callback) {
      readCapped(stream, options.maxBytes).then(
        async (raw) => {
          if (!raw) return callback(smtpError(552, '5.3.4 Message too big for a report'));
          const reports = await readReport(raw).catch(() => []);
          for (const messageId of new Set(messages.get(session) ?? [])) {
            await applyReports(deps, messageId, reports).catch((err: unknown) =>
              options.logger.error('report not applied', { messageId, err }),
            );
          }
          if (reports.length === 0) options.logger.info('inbound mail on the bounce domain was not a report; dropped');
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  server.on('error', (err) => options.logger.warn('report listener error', { err }));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => (server.server.off('error', reject), resolve()));
  });
  const port = (server.server.address() as { port: number }).port;
  return { port, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The stream's bytes, or null once it passed `max` (read to its end all the same, so the session stays in step). */
async function readCapped(stream: Readable, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size <= max) chunks.push(chunk as Buffer);
  }
  return size > max || (stream as Readable & { sizeExceeded?: boolean }).sizeExceeded ? null : Buffer.concat(chunks);
}
