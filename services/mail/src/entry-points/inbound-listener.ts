import { readFileSync } from 'node:fs';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { MailDeps } from '../domain/deps';
import { joinsTransaction, resolveRecipient, type AcceptedRecipient } from '../domain/inbound/recipients';
import { announceReceived, receiveMessage } from '../domain/inbound/receive';
import { admitClientTransaction, countClientBytes } from '../domain/inbound/usage';
import type { InboundConfig } from '../inbound-config';
import { perClientLimit, readProxyHeadersFrom } from '@mailplane/edge';
import { sharedBuffer } from './inbound-buffer';
import { smtpError } from './smtp-io';

// A store or DNS failure while deciding: the sender's MTA keeps the message and tries again.
const TRY_LATER = smtpError(451, '4.3.0 Temporary failure here, try again later');
const NO_ROOM = smtpError(452, '4.3.1 Insufficient system storage, try again later');
const CLIENT_REFUSALS = {
  messages: smtpError(451, '4.7.1 Too many messages from your address, try again later'),
  bytes: smtpError(451, '4.7.1 Too much mail from your address, try again later'),
};

type Connection = { id: string; send(code: number, message: string): void };

/**
 * The inbound MX listener. Every replica runs one behind a TCP load balancer and decides from the shared store, so any
 * replica answers any transaction alike. Its limits and their replies: docs/configuration.md (INBOUND_*).
 */
export async function startInboundListener(deps: MailDeps, config: InboundConfig) {
  const logger = deps.logger.child({ listener: 'inbound' });
  const clients = perClientLimit(config.maxConnectionsPerClient);
  const accepted = new WeakMap<SMTPServerSession, AcceptedRecipient[]>();
  const buffer = sharedBuffer(config.maxBufferedBytes);
  const deadlines = new Map<string, NodeJS.Timeout>();
  const closeAtDeadline = (id: string) => {
    deadlines.delete(id);
    const connections = (server as unknown as { connections: Set<Connection> }).connections;
    for (const connection of connections)
      if (connection.id === id) connection.send(421, '4.4.2 Session time limit reached, closing connection');
  };
  const tls = config.tls ? { key: readFileSync(config.tls.keyFile), cert: readFileSync(config.tls.certFile) } : null;
  const server = new SMTPServer({
    name: config.mxHost,
    banner: `${config.mxHost} Mailplane inbound`,
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(tls ?? {}),
    authOptional: true,
    disableReverseLookup: true,
    logger: false,
    size: config.maxBytes,
    maxClients: config.maxConnections,
    socketTimeout: config.socketTimeoutMs,
    closeTimeout: 1000,
    useProxy: config.proxyProtocol,
    onConnect(session, callback) {
      if (!clients.admit(session)) return callback(smtpError(421, '4.7.0 Too many connections from your address, try again later'));
      deadlines.set(session.id, setTimeout(() => closeAtDeadline(session.id), config.sessionTimeoutMs).unref());
      callback();
    },
    onClose(session) {
      clearTimeout(deadlines.get(session.id));
      deadlines.delete(session.id);
      clients.release(session);
    },
    onMailFrom(address, session, callback) {
      accepted.set(session, []);
      if (buffer.full()) return callback(NO_ROOM);
      const declared = Number((address.args || {}).SIZE ?? 0) || 0;
      admitClientTransaction(deps, session.remoteAddress, declared).then(
        (answer) => callback(answer === 'admitted' ? undefined : CLIENT_REFUSALS[answer]),
        (err: unknown) => (logger.error('inbound rate limit not read', { err }), callback(TRY_LATER)),
      );
    },
    onRcptTo(address, session, callback) {
      if ((accepted.get(session)?.length ?? 0) >= config.maxRecipients)
        return callback(smtpError(452, `4.5.3 Too many recipients: at most ${config.maxRecipients} per message`));
      resolveRecipient(deps, address.address).then(
        (answer) => {
          if ('refusal' in answer) return callback(smtpError(answer.refusal.code, answer.refusal.message));
          const list = accepted.get(session) ?? [];
          if (!joinsTransaction(list, answer.recipient))
            return callback(smtpError(452, '4.5.3 Send this recipient in another transaction'));
          list.push(answer.recipient);
          accepted.set(session, list);
          callback();
        },
        (err: unknown) => (logger.error('inbound recipient not resolved', { err }), callback(TRY_LATER)),
      );
    },
    onData(stream, session, callback) {
      const envelope = {
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        clientAddress: session.remoteAddress,
        helo: session.hostNameAppearsAs || null,
        tls: session.secure,
      };
      buffer
        .read(stream, config.maxBytes)
        .then(async (read) => {
          await countClientBytes(deps, envelope.clientAddress, 'refused' in read ? read.bytes : read.raw.length).catch((err: unknown) =>
            logger.warn('inbound bytes not counted', { err }),
          );
          if ('refused' in read)
            return callback(
              read.refused === 'no-room' ? NO_ROOM : smtpError(552, `5.3.4 Message too big: at most ${config.maxBytes} bytes`),
            );
          const outcome = await receiveMessage(deps, { envelope, recipients: accepted.get(session) ?? [] }, read.raw).finally(read.release);
          if ('refusal' in outcome) return callback(smtpError(outcome.refusal.code, outcome.refusal.message));
          callback(null, `2.0.0 Ok: ${outcome.accepted}`);
          logger.info('inbound mail accepted', { ids: outcome.stored.map((r) => r._id), recipients: envelope.to.length });
          await announceReceived(deps, outcome.stored).catch((err: unknown) =>
            logger.warn('inbound mail stored, its event not yet published', { err }),
          );
        })
        .catch((err: unknown) => {
          // The client went away before the end of its message: nothing was stored, nothing is answered.
          if (session.envelope && stream.destroyed && !stream.readableEnded) return;
          logger.error('inbound mail not stored', { err });
          callback(TRY_LATER);
        });
    },
  });
  if (config.proxyProtocol) readProxyHeadersFrom(server, config.proxyPeers);
  server.on('error', (err) => logger.warn('inbound listener error', { err }));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(config.port, config.host, () => (server.server.off('error', reject), resolve()));
  });
  const port = (server.server.address() as { port: number }).port;
  return { port, tls: tls !== null, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
