import request from 'supertest';
import type { SinkTransaction, SmtpSink } from '../../sandbox/smtp-sink';
import { answeredIds, extraCopies, inFlightAfter, keyOutcomes, unexplainedDuplicates } from './crash-checks';
import { eventually, untilCountReaches } from './eventually';
import type { KeyedSender } from './keyed-sends';
import { auth, headerOf } from './mail';

/**
 * Brings the run to a moment worth a kill: the MTA holds its replies until `count` transactions are open with
 * their message stored, and every 250 that did go out is recorded (else the copy it leads to after the kill
 * would be a duplicate no open transaction explains).
 */
export async function holdTransactionsOpen(sink: SmtpSink, url: string, apiKey: string, count = 2): Promise<void> {
  sink.holdReplies(true);
  await eventually(() => sink.held().length >= count, `${count} transactions held open`, 15_000);
  const answered = answeredIds(sink);
  await eventually(
    async () => {
      const sending = await request(url).get('/emails?status=sending&limit=100').set(auth(apiKey));
      return sending.status === 200 && sending.body.data.every((m: { id: string }) => !answered.has(m.id));
    },
    'every answered message recorded',
    15_000,
  );
}

/**
 * What must hold once the client has its answers: every key ended in one 202 naming one message (replayed on
 * a retry, and again here through `replayVia` the gateway that answered it, default `url`), none was refused as in
 * flight after `inFlightBound`, the tenant has one message per key, each reached the MTA, and any second copy came
 * in a transaction `openAtKill`. Returns the extra copies.
 */
export async function expectEveryKeyOnce(
  run: {
    sender: KeyedSender;
    url: string;
    apiKey: string;
    sink: SmtpSink;
    replayVia?: (answeredVia: string) => string;
    replays?: string[];
  },
  bounds: { inFlightBound: number; openAtKill: (t: SinkTransaction) => boolean },
): Promise<number> {
  const { sender, url, apiKey, sink } = run;
  const { accepted, unsettled, twoIds } = keyOutcomes(sender.keys, sender.answers);
  expect(unsettled).toEqual([]);
  expect(twoIds).toEqual([]);
  expect(inFlightAfter(sender.answers, bounds.inFlightBound)).toEqual([]);
  const ids = new Set(accepted.values());
  expect(ids.size).toBe(sender.keys.length);
  const listed = await request(url).get('/emails?limit=1').set(auth(apiKey));
  expect(listed.body.total).toBe(sender.keys.length);
  for (const key of run.replays ?? sender.keys.slice(0, 50)) {
    const answeredVia = sender.answers.find((a) => a.key === key && a.status === 202)!.via;
    const replay = await request(run.replayVia?.(answeredVia) ?? url)
      .post('/emails')
      .set(auth(apiKey))
      .set('Idempotency-Key', key)
      .send(sender.bodyOf(key) as object);
    expect({ key, status: replay.status, id: replay.body.id }).toEqual({ key, status: 202, id: accepted.get(key) });
  }
  const delivered = new Set<string>();
  let read = 0;
  const deliveredCount = () => {
    const received = sink.messages();
    for (; read < received.length; read++) {
      const id = headerOf(received[read], 'X-Mailplane-Message-Id');
      if (id && ids.has(id)) delivered.add(id);
    }
    return delivered.size;
  };
  await untilCountReaches(deliveredCount, ids.size, 'every accepted message at the MTA');
  expect(unexplainedDuplicates(sink, bounds.openAtKill, ids)).toEqual([]);
  return extraCopies(sink, ids);
}
