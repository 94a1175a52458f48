import { postJson } from './burst';

/** One answer a keyed send got, stamped with the wall clock for checks against a kill's time. */
export interface KeyedAnswer {
  key: string;
  status: number;
  id?: string;
  code?: string;
  at: number;
  /** The gateway it came from. */
  via: string;
}

export interface KeyedSenderOptions {
  /** Where to send this attempt: the gateway now (a restarted embedded platform listens on a new port), or one of several. */
  url(): string;
  apiKey: string;
  body(n: number): unknown;
  concurrency: number;
  /** Resolves once the platform takes connections; awaited after a connection was refused or reset. */
  reachable(): Promise<void>;
}

const RETRYABLE = new Set([0, 429, 503, 504]);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A busy client: `concurrency` loops, each sending a new email under a key of its own and retrying that key
 * (as told by `Retry-After`, or at once after a 504) until a definitive answer, then taking the next key,
 * until `finish()`. Every answer is kept.
 */
export function startKeyedSender(options: KeyedSenderOptions) {
  const answers: KeyedAnswer[] = [];
  const keys: string[] = [];
  const bodies = new Map<string, unknown>();
  let finishing = false;
  const listeners = new Set<() => void>();

  const sendUntilAnswered = async (key: string) => {
    for (;;) {
      const headers = { authorization: `Bearer ${options.apiKey}`, 'idempotency-key': key };
      const via = options.url();
      const answer = await postJson(via, '/emails', headers, bodies.get(key));
      answers.push({ key, status: answer.status, id: answer.id, code: answer.code, at: Date.now(), via });
      for (const listener of listeners) listener();
      if (!RETRYABLE.has(answer.status)) return;
      if (answer.status === 0) await options.reachable();
      // What any client does with Retry-After; a 504 (nothing done) is retried at once.
      else if (answer.retryAfter) await wait(Number(answer.retryAfter) * 1000);
    }
  };
  const loop = async () => {
    while (!finishing) {
      const n = keys.length;
      const key = `kill-${n}-${Math.random().toString(36).slice(2, 8)}`;
      keys.push(key);
      bodies.set(key, options.body(n));
      await sendUntilAnswered(key);
    }
  };
  const done = Promise.all(Array.from({ length: options.concurrency }, loop)).then(() => undefined);

  return {
    answers,
    keys,
    bodyOf: (key: string) => bodies.get(key),
    /** Starts no new key; resolves once every key started has its definitive answer. */
    finish() {
      finishing = true;
      return done;
    },
    /** Resolves once `count` keys were answered 202. */
    accepted(count: number): Promise<void> {
      return this.answered(() => new Set(answers.filter((a) => a.status === 202).map((a) => a.key)).size >= count);
    },
    /** Resolves once the answers so far satisfy `enough`. */
    answered(enough: (answers: KeyedAnswer[]) => boolean): Promise<void> {
      return new Promise((resolve) => {
        const check = () => {
          if (!enough(answers)) return;
          listeners.delete(check);
          resolve();
        };
        listeners.add(check);
        check();
      });
    },
  };
}

export type KeyedSender = ReturnType<typeof startKeyedSender>;
