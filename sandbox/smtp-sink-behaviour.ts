/** An SMTP reply to refuse a transaction with: 4xx asks the sender to retry, 5xx is permanent. */
export interface SinkFailure {
  code: number;
  message: string;
  /** Refuse every RCPT TO of the transaction (default), or the message after DATA. */
  stage?: 'rcpt' | 'data';
}

/** Programmable misbehaviour, so senders' retry and permanent-failure paths meet real SMTP replies. */
export interface SinkBehaviour {
  /** The next `n` transactions (MAIL FROM … DATA) are refused with this reply; calls queue up. */
  failNext(n: number, failure: SinkFailure): void;
  /** Hold each message this long after its data arrived before storing it and answering 250. */
  setDelay(ms: number): void;
  reset(): void;
}

export interface BehaviourControl extends SinkBehaviour {
  takeFailure(): SinkFailure | undefined;
  delayMs(): number;
}

export function createBehaviour(initial: { delayMs?: number } = {}): BehaviourControl {
  let queued: SinkFailure[] = [];
  let delayMs = initial.delayMs ?? 0;
  return {
    failNext(n, failure) {
      if (!(failure.code >= 400 && failure.code < 600)) throw new Error(`SMTP failure code must be 4xx or 5xx, got ${failure.code}`);
      queued.push(...Array.from({ length: n }, () => failure));
    },
    setDelay(ms) {
      delayMs = ms;
    },
    reset() {
      queued = [];
      delayMs = 0;
    },
    takeFailure: () => queued.shift(),
    delayMs: () => delayMs,
  };
}

/** smtp-server sends `err.responseCode` as the reply code. */
export function smtpError(failure: SinkFailure): Error {
  return Object.assign(new Error(failure.message), { responseCode: failure.code });
}
