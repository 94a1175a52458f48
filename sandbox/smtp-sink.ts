import type { Readable } from 'node:stream';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { createBehaviour, smtpError, type SinkBehaviour, type SinkFailure } from './smtp-sink-behaviour';
import { mailboxFiles } from './smtp-sink-files';
import { createReporter } from './smtp-reports';
import { createSimulator, type SimulatorOptions } from './smtp-simulator';
import { createSinkStore, type DkimVerdict, type MessagePredicate, type SinkMessage } from './smtp-sink-store';
import { createTransactionJournal, type SinkTransaction } from './smtp-sink-transactions';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- on first use, not at start (docs/decisions/toolchain.md)
const mailparser = (): typeof import('mailparser') => require('mailparser');

export type { DkimVerdict, SinkMessage } from './smtp-sink-store';
export type { SinkTransaction } from './smtp-sink-transactions';

export interface SmtpSinkOptions {
  port?: number;
  host?: string;
  verifyDkim?: (raw: Buffer) => Promise<DkimVerdict>;
  behaviour?: { delayMs?: number };
  simulator?: SimulatorOptions;
  /** Keep the mailbox in this directory, so a restart still shows what arrived before. */
  mailboxDir?: string;
  /** Mail for receiving domains goes on to the platform's inbound listener (smtp-inbound-relay.ts), not into the mailbox. */
  relay?: { relay(envelope: { from: string; to: string[] }, raw: Buffer): Promise<{ code: number; message: string } | null> };
  clock?: { now(): Date };
}

/** Stands in for the recipient's MTA: accepts mail on loopback without auth or TLS and keeps it. */
export interface SmtpSink {
  port: number;
  host: string;
  behaviour: SinkBehaviour;
  /** Oldest first. A message is stored before its 250 reply, so a sender that saw 250 finds it here. */
  messages(): SinkMessage[];
  waitFor(predicate: MessagePredicate, timeoutMs?: number): Promise<SinkMessage>;
  count(): number;
  /** Every transaction (MAIL FROM on), oldest first, with whether and when its final reply went out. */
  transactions(): SinkTransaction[];
  /** SMTP connections opened since the start or the last `clear()`. */
  connections(): number;
  /** A position in the journal between what happened before and after this call (e.g. a sender's kill). */
  mark(): number;
  /**
   * While on, each message is stored and its final 250 held back, as an MTA whose reply is still on its way;
   * turning it off sends the held replies (to senders still listening).
   */
  holdReplies(on: boolean): void;
  /** Where the simulator's late bounces and complaints go: the platform's bounce listener (null: nowhere). */
  reportTo(route: { host: string; port: number } | null): void;
  /** Transactions whose message is stored and whose reply is held. */
  held(): SinkTransaction[];
  clear(): void;
  stop(): Promise<void>;
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const host = options.host ?? '127.0.0.1';
  const now = () => (options.clock ?? { now: () => new Date() }).now();
  const store = createSinkStore();
  const files = options.mailboxDir ? mailboxFiles(options.mailboxDir) : null;
  const behaviour = createBehaviour(options.behaviour);
  const simulator = createSimulator(options.simulator);
  const reporter = createReporter();
  // Decided once per transaction at MAIL FROM, so every RCPT of a refused transaction gets the same reply.
  const failures = new WeakMap<SMTPServerSession, SinkFailure | undefined>();
  const journal = createTransactionJournal();
  const transactions = new WeakMap<SMTPServerSession, SinkTransaction>();
  const delays = new Set<NodeJS.Timeout>();
  let sequence = 0;
  let connections = 0;
  if (files) {
    const kept = files.load();
    for (const message of kept.messages) store.add(message);
    sequence = kept.lastSequence;
  }

  async function receive(raw: Buffer, session: SMTPServerSession): Promise<SinkMessage> {
    const parsed = await mailparser().simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
    const dkim = options.verifyDkim
      ? await options.verifyDkim(raw).catch(() => ({ result: 'temperror', domain: null, selector: null }))
      : null;
    const number = ++sequence;
    const message: SinkMessage = {
      id: `sink_${number}`,
      receivedAt: now(),
      envelope: {
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
      },
      raw,
      subject: parsed.subject ?? '',
      headers: parsed.headerLines.map(({ key, line }) => ({
        name: line.slice(0, key.length),
        value: line
          .slice(key.length + 1)
          .replace(/\r?\n[ \t]+/g, ' ')
          .trim(),
      })),
      text: parsed.text ?? '',
      dkim,
    };
    await files?.save(number, message);
    const stored = store.add(message);
    // After the 250, as a real MTA's later report: never holds the transaction up, and a failure to report is the sandbox's.
    setImmediate(() => void reporter.after(message).catch(() => undefined));
    return stored;
  }

  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 250,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onMailFrom(_address, session, callback) {
      failures.set(session, behaviour.takeFailure());
      transactions.set(session, journal.open());
      callback();
    },
    onRcptTo(address, session, callback) {
      const failure = failures.get(session);
      if (failure && (failure.stage ?? 'rcpt') === 'rcpt') return callback(smtpError(failure));
      const simulated = simulator.atRcpt(address.address);
      callback(simulated ? smtpError(simulated) : null);
    },
    onData(stream, session, callback) {
      readAll(stream).then(
        async (raw) => {
          const failure = failures.get(session);
          const transaction = transactions.get(session);
          if (failure?.stage === 'data') return callback(smtpError(failure));
          const envelope = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          };
          const relayed = await options.relay
            ?.relay(envelope, raw)
            .catch(() => ({ code: 451, message: 'relay to the inbound listener failed' }));
          if (relayed) return relayed.code < 400 ? callback(null, relayed.message) : callback(smtpError(relayed));
          const simulated = simulator.atData(
            session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
          );
          if (simulated.failure) return callback(smtpError(simulated.failure));
          const delayMs = Math.max(behaviour.delayMs(), simulated.delayMs);
          const accept = () =>
            receive(raw, session).then(
              (message) => {
                if (transaction) transaction.message = message;
                journal.answer(transaction, () => callback());
              },
              (error: Error) => callback(smtpError({ code: 451, message: `sink could not store message: ${error.message}` })),
            );
          if (!delayMs) return void accept();
          const timer = setTimeout(() => (delays.delete(timer), accept()), delayMs);
          delays.add(timer);
        },
        (error: Error) => callback(error),
      );
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => (server.off('error', reject), resolve()));
  });
  // A sender that dies mid-transaction resets its connection; an MTA shrugs that off (the message was not accepted).
  server.on('error', () => undefined);
  const port = (server.server.address() as { port: number }).port;

  return {
    port,
    host,
    behaviour,
    messages: store.all,
    waitFor: (predicate, timeoutMs = 5000) => store.waitFor(predicate, timeoutMs),
    count: () => store.all().length,
    connections: () => connections,
    transactions: journal.all,
    reportTo: (route) => reporter.setRoute(route),
    mark: journal.mark,
    holdReplies: journal.hold,
    held: journal.held,
    clear() {
      connections = 0;
      store.clear();
      files?.clear();
    },
    async stop() {
      journal.hold(false);
      for (const timer of delays) clearTimeout(timer);
      store.rejectWaiters(new Error('smtp sink stopped'));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
