import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { perClientLimit } from '@mailplane/edge';
import { type Logger } from '@mailplane/runtime';
import type { MailDeps } from '../domain/deps';
import { applyReports } from '../domain/reports/apply-report';
import type { IncomingReport } from '../domain/reports/parse-report';
import { AnalysisBusyError } from '../inbound-analysis/analysis-pool';
import type { ReturnPathOwner, ReturnPaths } from '../domain/reports/return-path';
import type { BounceConfig } from '../config';
import { readCapped, smtpError } from './smtp-io';

// A report is at most BOUNCE_MAX_BYTES (1 MiB): a thread's second is far more than an honest one needs.
const REPORT_BUDGET_MS = 1000;

function ownersOf(paths: ReturnPaths, session: SMTPServerSession, now: Date): ReturnPathOwner[] {
  const owners = new Map<string, ReturnPathOwner>();
  for (const { address } of session.envelope.rcptTo) {
    const owner = paths.read(address, now);
    if (owner && owner !== 'expired') owners.set(`${owner.messageId}/${owner.recipient}`, owner);
  }
  return [...owners.values()];
}

/**
 * The bounce domain's listener (and that of identities' return path domains): mail only for live return paths handed out.
 * Reports are parsed on the analysis threads within a budget, never on the event loop that serves tenants; what cannot be
 * read in its budget is accepted and dropped, as the sender's MTA could do nothing better with a refusal.
 */
export async function startReportListener(
  deps: MailDeps,
  paths: ReturnPaths,
  options: Pick<BounceConfig, 'host' | 'port' | 'maxBytes' | 'maxConnections' | 'maxConnectionsPerClient'> & { logger: Logger },
): Promise<{ port: number; stop(): Promise<void> }> {
  const clients = perClientLimit(options.maxConnectionsPerClient);
  const refuse = (code: number, text: string) => {
    deps.metrics.bounceReply(code);
    return smtpError(code, text);
  };
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    disableReverseLookup: true,
    logger: false,
    size: options.maxBytes,
    maxClients: options.maxConnections,
    banner: `${paths.domain} reports`,
    onConnect(session, callback) {
      if (!clients.admit(session)) return callback(refuse(421, '4.7.0 Too many connections from your address, try again later'));
      callback();
    },
    onClose: (session) => clients.release(session),
    onRcptTo(address, _session, callback) {
      const owner = paths.read(address.address, deps.clock.now());
      if (!owner) return callback(refuse(550, `5.1.1 <${address.address}>: no such return path`));
      if (owner === 'expired') return callback(refuse(550, `5.1.1 <${address.address}>: return path expired`));
      if (!owner.returnPathDomain) return callback();
      deps.identities.usesReturnPath(owner.returnPathDomain).then(
        (used) => callback(used ? undefined : refuse(550, `5.1.1 <${address.address}>: no such return path`)),
        () => callback(refuse(451, '4.3.0 Cannot check the return path now, try again later')),
      );
    },
    onData(stream, session, callback) {
      readCapped(stream, options.maxBytes).then(
        async (raw) => {
          if (!raw) return callback(refuse(552, '5.3.4 Message too big for a report'));
          const read = await deps.inboundAnalysis.readReport(raw, REPORT_BUDGET_MS).catch((err: unknown) => err);
          if (read instanceof AnalysisBusyError) return callback(refuse(451, '4.3.2 Too busy to read reports, try again later'));
          const reports: IncomingReport[] = Array.isArray(read) ? read : [];
          for (const owner of ownersOf(paths, session, deps.clock.now())) {
            await applyReports(deps, owner, reports).catch((err: unknown) =>
              options.logger.error('report not applied', { messageId: owner.messageId, err }),
            );
          }
          if (reports.length === 0) options.logger.info('inbound mail on the bounce domain was not a report; dropped');
          deps.metrics.bounceReply(250);
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
