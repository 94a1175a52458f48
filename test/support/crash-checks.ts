import type { SinkTransaction, SmtpSink } from '../../sandbox/smtp-sink';
import type { KeyedAnswer } from './keyed-sends';
import { headerOf } from './mail';

/** Per key: the message ids its 202s named, and whether its last answer was a 202. */
export function keyOutcomes(keys: string[], answers: KeyedAnswer[]) {
  const byKey = new Map<string, KeyedAnswer[]>(keys.map((k) => [k, []]));
  for (const answer of answers) byKey.get(answer.key)?.push(answer);
  const accepted = new Map<string, string>();
  const unsettled: string[] = [];
  const twoIds: string[] = [];
  for (const [key, got] of byKey) {
    const ids = new Set(got.filter((a) => a.status === 202).map((a) => a.id));
    if (got.at(-1)?.status !== 202) unsettled.push(`${key}: ${got.map((a) => a.code ?? a.status).join(',')}`);
    if (ids.size > 1) twoIds.push(`${key}: ${[...ids].join(',')}`);
    const [id] = ids;
    if (id) accepted.set(key, id);
  }
  return { accepted, unsettled, twoIds };
}

/** Refusals for a key still in flight given after `bound`, when every lease taken before a kill has run out. */
export const inFlightAfter = (answers: KeyedAnswer[], bound: number) =>
  answers.filter((a) => a.code === 'idempotency_key_in_flight' && a.at > bound).map((a) => a.key);

const messageIdOf = (t: SinkTransaction) => (t.message ? headerOf(t.message, 'X-Mailplane-Message-Id') : undefined);

/**
 * Message ids the MTA stored more than once where more than one of the copies came in a transaction whose
 * sender had its final reply (`openAtKill` false): duplicates that no crash explains.
 */
export function unexplainedDuplicates(sink: SmtpSink, openAtKill: (t: SinkTransaction) => boolean, among: Set<string>): string[] {
  const answeredCopies = new Map<string, number>();
  for (const t of sink.transactions()) {
    const id = messageIdOf(t);
    if (id && among.has(id) && !openAtKill(t)) answeredCopies.set(id, (answeredCopies.get(id) ?? 0) + 1);
  }
  return [...answeredCopies].filter(([, copies]) => copies > 1).map(([id]) => id);
}

/** How many copies of these messages the MTA stored beyond the first of each. */
export const extraCopies = (sink: SmtpSink, among: Set<string>) => {
  const ids = sink
    .transactions()
    .map(messageIdOf)
    .filter((id) => id && among.has(id));
  return ids.length - new Set(ids).size;
};

/** Message ids of transactions the MTA answered: the sender knows it has them. */
export const answeredIds = (sink: SmtpSink) =>
  new Set(
    sink
      .transactions()
      .filter((t) => t.answeredAt !== null)
      .map(messageIdOf),
  );
