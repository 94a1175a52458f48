import { X509Certificate } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import { MAX_RECIPIENTS } from '@mailplane/contracts';
import { readProxyHeadersFrom } from '@mailplane/edge';
import { counter, gaugeReadAtScrape, newId, withRequestId, type Logger, type MetricsRegistry } from '@mailplane/runtime';
import { inSpan, SpanKind } from '@mailplane/telemetry';
import type { Principal } from '../../domain/authenticate';
import { asciiAddress } from '../domain/mailboxes';
import { refuse } from '../domain/refusal';
import { authenticateSmtp, stillValid, type SmtpAuthDeps } from '../domain/smtp-auth';
import { submitMessage, type SubmissionDeps } from '../domain/submit-message';
import type { SubmissionConfig } from '../config';
import { encryptionFirst } from './encryption-first';
import { createPlaces, type Places } from './places';
import { bufferBudget, readMessage, type BufferBudget } from './read-message';
import { acceptedText, refusalFor } from './smtp-replies';

export type ListenerDeps = SmtpAuthDeps & SubmissionDeps & { logger: Logger; metrics: MetricsRegistry };

// How long a stopping listener lets sessions finish the message they are in before it closes them (under the drain's 25 s).
const CLOSE_TIMEOUT_MS = 15_000;

function messagesCounter(metrics: MetricsRegistry) {
  return counter(metrics, {
    name: 'mailplane_submission_messages_total',
    help: 'Messages submitted over SMTP, by the reply code they got',
    labelNames: ['service', 'code'] as const,
  });
}

function watchCertificate(metrics: MetricsRegistry, cert: Buffer) {
  const expires = Date.parse(new X509Certificate(cert).validTo) / 1000;
  const spec = {
    name: 'mailplane_tls_certificate_expiry_timestamp_seconds',
    help: 'When the TLS certificate this listener presents expires (Unix time)',
    labelNames: [],
  };
  gaugeReadAtScrape(metrics, spec, 'submission', () => [{ labels: {}, value: expires }]);
}

function handlers(deps: ListenerDeps, config: SubmissionConfig, places: Places, budget: BufferBudget) {
  // The key each session authenticated with, asked again at each MAIL FROM; only in this process, never logged.
  const keys = new Map<string, string>();
  const replies = messagesCounter(deps.metrics);
  const receive = async (stream: NodeJS.ReadableStream, session: SMTPServerSession) => {
    const { raw, release } = await readMessage(stream as never, config.maxBytes, budget);
    const requestId = newId('req');
    const recipients = session.envelope.rcptTo.map((r) => r.address);
    try {
      const principal = session.user as unknown as Principal;
      // A trace per submitted message, as the HTTP API makes one per request (no address, no body in it).
      const attributes = { 'mailplane.request_id': requestId, 'mailplane.tenant_id': principal.tenantId };
      return await inSpan('smtp submission', { kind: SpanKind.SERVER, attributes }, () =>
        withRequestId(requestId, () => submitMessage(deps, principal, { raw, recipients, requestId })),
      );
    } finally {
      release();
    }
  };
  return {
    onConnect(session, callback) {
      if (!places.seat(session)) return callback(refuse(421, '4.7.0', 'Too many connections from your address; try again later'));
      callback();
    },
    onClose(session) {
      places.leave(session);
      keys.delete(session.id);
    },
    onAuth(auth, session, callback) {
      const credentials = { username: auth.username ?? '', password: auth.password ?? '', address: session.remoteAddress };
      authenticateSmtp(deps, credentials).then(
        (principal) => {
          places.authenticated(session);
          keys.set(session.id, credentials.password);
          callback(null, { user: principal as never });
        },
        (err: Error) => callback(err),
      );
    },
    onMailFrom(_address, session, callback) {
      stillValid(deps, keys.get(session.id)).then(() => callback(), callback);
    },
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) {
        return callback(refuse(452, '4.5.3', `At most ${MAX_RECIPIENTS} recipients per message; send to the others in another one`));
      }
      try {
        asciiAddress(address.address, 'Recipient');
        callback();
      } catch (err) {
        callback(err as Error);
      }
    },
    onData(stream, session, callback) {
      const started = Date.now();
      const done = places.dataDeadline(session, () => (stream as unknown as { byteLength: number }).byteLength);
      receive(stream, session).then(
        (sent) => {
          done();
          replies.inc({ service: 'submission', code: '250' });
          deps.logger.info('message submitted', {
            messageId: sent.id,
            tenantId: (session.user as unknown as Principal).tenantId,
            status: sent.status,
            replayed: sent.replayed,
            durationMs: Date.now() - started,
          });
          callback(null, acceptedText(sent));
        },
        (err: unknown) => {
          done();
          const refusal = refusalFor(err);
          replies.inc({ service: 'submission', code: String(refusal.responseCode) });
          if (refusal.responseCode === 451 && !(err as { responseCode?: number }).responseCode)
            deps.logger.error('submission failed', { err });
          callback(refusal);
        },
      );
    },
  } satisfies Partial<SMTPServerOptions>;
}

function listen(server: SMTPServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => {
      server.server.off('error', reject);
      resolve((server.server.address() as AddressInfo).port);
    });
  });
}

/** AUTH is taken only once the session is encrypted (538 5.7.11 before); a PROXY header is read only from `proxyPeers`. */
export async function startSubmissionListener(deps: ListenerDeps, config: SubmissionConfig, tls: { cert: Buffer; key: Buffer }) {
  watchCertificate(deps.metrics, tls.cert);
  const places = createPlaces(config);
  const budget = bufferBudget(config.maxBufferedBytes);
  const options = (secure: boolean): SMTPServerOptions => ({
    ...handlers(deps, config, places, budget),
    secure,
    key: tls.key,
    cert: tls.cert,
    name: config.hostname,
    banner: 'Mailplane submission',
    size: config.maxBytes,
    authMethods: ['PLAIN', 'LOGIN'],
    authRequiredMessage: '5.7.0 Authenticate first: AUTH PLAIN or LOGIN, user name mailplane, an API key as password',
    maxClients: config.maxConnections,
    useProxy: config.proxyProtocol,
    disableReverseLookup: true,
    closeTimeout: CLOSE_TIMEOUT_MS,
    logger: false,
  });
  const servers = [new SMTPServer(options(false)), new SMTPServer(options(true))];
  for (const server of servers) {
    encryptionFirst(server);
    if (config.proxyProtocol) readProxyHeadersFrom(server, config.proxyPeers);
    places.attach(server);
    server.on('error', (err) => deps.logger.debug('submission session error', { err }));
  }
  const [port, tlsPort] = [await listen(servers[0], config.port, config.host), await listen(servers[1], config.tlsPort, config.host)];
  return {
    port,
    tlsPort,
    stop: () => Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())))).then(() => undefined),
  };
}
