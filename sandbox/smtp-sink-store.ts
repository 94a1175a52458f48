/** What the sink's DKIM check concluded; `null` on the message when no verifier was given. */
export interface DkimVerdict {
  result: string;
  domain: string | null;
  selector: string | null;
}

/** One message as the recipient's MTA received it. */
export interface SinkMessage {
  id: string;
  receivedAt: Date;
  envelope: { from: string; to: string[] };
  raw: Buffer;
  subject: string;
  /** Header fields in message order, values unfolded. */
  headers: { name: string; value: string }[];
  text: string;
  dkim: DkimVerdict | null;
}

export type MessagePredicate = (message: SinkMessage) => boolean;

interface Waiter {
  predicate: MessagePredicate;
  resolve(message: SinkMessage): void;
  reject(error: Error): void;
}

/** Received messages plus the waiters that are woken as each one arrives. */
export function createSinkStore() {
  let messages: SinkMessage[] = [];
  const waiters = new Set<Waiter>();
  return {
    add(message: SinkMessage): SinkMessage {
      messages.push(message);
      for (const waiter of waiters) {
        try {
          if (!waiter.predicate(message)) continue;
          waiters.delete(waiter);
          waiter.resolve(message);
        } catch (error) {
          waiters.delete(waiter);
          waiter.reject(error as Error);
        }
      }
      return message;
    },
    all: () => [...messages],
    clear() {
      messages = [];
    },
    waitFor(predicate: MessagePredicate, timeoutMs: number): Promise<SinkMessage> {
      const already = messages.find(predicate);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`smtp sink: no matching message within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        const waiter: Waiter = {
          predicate,
          resolve: (message) => (clearTimeout(timer), resolve(message)),
          reject: (error) => (clearTimeout(timer), reject(error)),
        };
        waiters.add(waiter);
      });
    },
    rejectWaiters(error: Error) {
      for (const waiter of waiters) waiter.reject(error);
      waiters.clear();
    },
  };
}
