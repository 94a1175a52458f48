import type { SinkFailure } from './smtp-sink-behaviour';

/** `.test` is reserved (RFC 2606): no real mailbox lives here, so a simulator address can never reach anyone. */
export const SIMULATOR_DOMAIN = 'simulator.mailplane.test';

export interface SimulatorOptions {
  /** How many attempts of one message `defer@` answers 451 before it accepts (default 2). */
  deferAttempts?: number;
  /** How long `slow@` takes to answer the end of data (default 10 s). */
  slowMs?: number;
}

export interface Simulator {
  /** The reply to RCPT TO, for the addresses refused there. */
  atRcpt(address: string): SinkFailure | undefined;
  /** After DATA: refuse the message, or accept it after a delay. */
  atData(recipients: string[], raw: Buffer): { failure?: SinkFailure; delayMs: number };
}

// A deferred message is remembered by its Message-ID until it gets through; the oldest are forgotten past this.
const MAX_REMEMBERED = 10_000;

/** The mailbox part of a simulator address, without a `+label`; null for any other domain. */
export function simulatedMailbox(address: string): string | null {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== SIMULATOR_DOMAIN) return null;
  return address.slice(0, at).split('+')[0].toLowerCase();
}

const messageIdOf = (raw: Buffer) => {
  const end = raw.indexOf('\r\n\r\n');
  const head = raw.subarray(0, end < 0 ? raw.length : end).toString('latin1');
  return /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? null;
};

/**
 * Recipients on the simulator domain answer as a real MTA would, so that a sender meets each path for real:
 * `bounce@` no such user (5.1.1 at RCPT), `reject@` refused as spam after DATA (5.7.1), `full@` mailbox full
 * (4.2.2 at RCPT, every time), `defer@` greylisted (4.7.1 after DATA) until its Nth attempt, `slow@` accepted
 * after a long pause; any other mailbox there (`accept@`) is accepted.
 */
export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const deferAttempts = options.deferAttempts ?? 2;
  const slowMs = options.slowMs ?? 10_000;
  const attempts = new Map<string, number>();
  return {
    atRcpt(address) {
      const mailbox = simulatedMailbox(address);
      if (mailbox === 'bounce') return { code: 550, message: `5.1.1 <${address}>: Recipient address rejected: User unknown` };
      if (mailbox === 'full') return { code: 452, message: `4.2.2 <${address}>: Mailbox full, try again later` };
      return undefined;
    },
    atData(recipients, raw) {
      const mailboxes = recipients.map(simulatedMailbox);
      if (mailboxes.includes('reject')) return { failure: { code: 554, message: '5.7.1 Message rejected as spam' }, delayMs: 0 };
      if (mailboxes.includes('defer')) {
        const key = messageIdOf(raw) ?? raw.toString('base64').slice(0, 64);
        const seen = (attempts.get(key) ?? 0) + 1;
        attempts.delete(key);
        if (seen <= deferAttempts) {
          attempts.set(key, seen);
          if (attempts.size > MAX_REMEMBERED) attempts.delete(attempts.keys().next().value as string);
          return {
            failure: { code: 451, message: `4.7.1 Greylisted: try again later (attempt ${seen} of ${deferAttempts + 1})` },
            delayMs: 0,
          };
        }
      }
      return { delayMs: mailboxes.includes('slow') ? slowMs : 0 };
    },
  };
}
