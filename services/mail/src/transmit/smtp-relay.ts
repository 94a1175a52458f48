import nodemailer from 'nodemailer';

export interface RejectedRecipient {
  address: string;
  smtpCode: number | null;
  response: string;
}

/** `rejected`: recipients refused at RCPT TO; the outcome is the transaction's, for every other recipient. */
export type RelayResult =
  | { outcome: 'sent'; smtpCode: number | null; response: string; rejected?: RejectedRecipient[] }
  | { outcome: 'temporary' | 'permanent'; smtpCode: number | null; response: string; rejected?: RejectedRecipient[] }
  /** No transaction was begun: the job's window closed while it waited for a connection. Not an attempt. */
  | { outcome: 'not-begun'; smtpCode: null; response: string };

/** MAIL FROM and RCPT TO of one transaction (a type, not an interface: nodemailer's envelope type is indexed). */
export type SmtpEnvelope = { from: string; to: string[] };

export interface SmtpRelay {
  /** `openBy` (wall-clock ms): the latest moment the transaction may begin; the job waits for a free connection until then. */
  relay(raw: string, envelope: SmtpEnvelope, openBy?: number): Promise<RelayResult>;
  close(): void;
}

const NOT_BEGUN = 'not sent: no SMTP connection came free while the delivery lease had time left';

function createSlots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  return {
    take(): Promise<() => void> {
      if (free > 0) {
        free--;
        return Promise.resolve(release);
      }
      return new Promise((resolve) => waiting.push(() => resolve(release)));
    },
  };
}

const codeOf = (response: string | undefined) => {
  const m = /^(\d{3})/.exec(response ?? '');
  return m ? Number(m[1]) : null;
};

/** nodemailer reads a URL's transport options from its query string only; beside a URL they are message defaults (no pool). */
function withTransportOptions(smtpUrl: string, poolSize: number): string {
  const url = new URL(smtpUrl);
  const options = {
    pool: true,
    maxConnections: poolSize,
    maxMessages: Infinity,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  };
  for (const [name, value] of Object.entries(options)) if (!url.searchParams.has(name)) url.searchParams.set(name, String(value));
  return url.toString();
}

/** nodemailer's per-recipient refusals (`rejectedErrors`), on a result or on the error when every RCPT was refused. */
function rejectedOf(from: unknown): RejectedRecipient[] {
  const errors =
    (from as { rejectedErrors?: { recipient?: string; responseCode?: number; response?: string; message?: string }[] }).rejectedErrors ??
    [];
  return errors.map((e) => ({
    address: e.recipient ?? '',
    smtpCode: typeof e.responseCode === 'number' ? e.responseCode : null,
    response: e.response ?? e.message ?? 'rejected',
  }));
}

/** 5xx is permanent; 4xx and failures without a reply (refused, reset, timeout) are temporary. */
export function createSmtpRelay(smtpUrl: string, poolSize: number): SmtpRelay {
  // Our own queue in front of the pool's, so the moment a connection is free (the transaction begins) is known here.
  const connections = createSlots(poolSize);
  const transport = nodemailer.createTransport(withTransportOptions(smtpUrl, poolSize));
  return {
    async relay(raw, envelope, openBy = Infinity) {
      const release = await connections.take();
      try {
        if (Date.now() >= openBy) return { outcome: 'not-begun', smtpCode: null, response: NOT_BEGUN };
        const info = await transport.sendMail({ envelope, raw });
        return { outcome: 'sent', smtpCode: codeOf(info.response), response: info.response ?? '', rejected: rejectedOf(info) };
      } catch (err) {
        const e = err as { responseCode?: number; response?: string; message?: string; code?: string };
        const smtpCode = typeof e.responseCode === 'number' ? e.responseCode : null;
        const response = e.response ?? `${e.code ?? 'ERROR'}: ${e.message ?? 'unknown error'}`;
        const outcome = smtpCode !== null && smtpCode >= 500 ? 'permanent' : 'temporary';
        return { outcome, smtpCode, response, rejected: rejectedOf(err) };
      } finally {
        release();
      }
    },
    close: () => transport.close(),
  };
}
