import type { SinkMessage } from './smtp-sink-store';

/** One SMTP transaction as the MTA saw it, for telling a duplicate the sender could not avoid from one it could. */
export interface SinkTransaction {
  /** Position in the sink's journal when MAIL FROM arrived; compare with `mark()`. */
  openedAt: number;
  /** Position when the final reply to DATA (or a refusal) went out; null while the transaction is open. */
  answeredAt: number | null;
  /** What was stored, if the data arrived. */
  message: SinkMessage | null;
}

/** The sink's journal of transactions, and replies to DATA held back on request. */
export function createTransactionJournal() {
  const all: SinkTransaction[] = [];
  let position = 0;
  let holding = false;
  const held: (() => void)[] = [];
  return {
    open(): SinkTransaction {
      const transaction: SinkTransaction = { openedAt: ++position, answeredAt: null, message: null };
      all.push(transaction);
      return transaction;
    },
    /** Sends the final reply now, or once holding ends. */
    answer(transaction: SinkTransaction | undefined, reply: () => void) {
      const send = () => {
        if (transaction) transaction.answeredAt = ++position;
        reply();
      };
      if (holding) held.push(send);
      else send();
    },
    all: () => [...all],
    mark: () => ++position,
    /** Stored but not answered: the sender cannot know the MTA has the message. */
    held: () => all.filter((t) => t.message && t.answeredAt === null),
    hold(on: boolean) {
      holding = on;
      if (!on) for (const send of held.splice(0)) send();
    },
  };
}
