import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { manualClock } from '@mailplane/runtime';
import { createStore, type Store } from '@mailplane/store';
import { removeDir } from '../../../test/support/platform';
import { idempotencyRepo } from '../src/data-access/idempotency-repo';
import type { Budget } from '../src/domain/budget';
import type { MailDeps } from '../src/domain/deps';
import { fingerprintOf, IDEMPOTENCY_TTL_SECONDS, onceFor, type KeyedSend } from '../src/domain/idempotency';

// The key's story without the rest of a send: a "message store" that, like the messages collection, takes an id once.
function messageStore() {
  const stored = new Map<string, { id: string }>();
  let gate: Promise<void> = Promise.resolve();
  const send: KeyedSend<{ id: string }> = {
    async perform(messageId) {
      await gate;
      if (!stored.has(messageId)) stored.set(messageId, { id: messageId });
      return stored.get(messageId)!;
    },
    stored: async (messageId) => stored.get(messageId) ?? null,
  };
  return { send, stored, holdSends: (until: Promise<void>) => (gate = until) };
}

const SECONDS_10: Budget = { msLeft: () => 10_000 };
const body = { to: 'r@example.org', subject: 'once' };

describe('Idempotency-Key whose request died', () => {
  let dir: string;
  let store: Store;
  let deps: MailDeps;
  const clock = manualClock(new Date());
  const keyed = (rawKey: string) => ({ tenantId: 'ten_a', rawKey, body, budget: SECONDS_10 });
  // A request that claimed the key and reserved its message id, then died before doing anything more.
  const diedHolding = (rawKey: string, messageId: string) => {
    const leaseUntil = new Date(clock.now().getTime() + 11_000);
    return deps.idempotency.claim(
      'ten_a',
      rawKey,
      { fingerprint: fingerprintOf(body), messageId, holder: 'dead', leaseUntil },
      clock.now(),
    );
  };

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mailplane-idem-'));
    store = await createStore({ dir });
    const idempotency = idempotencyRepo(store);
    await idempotency.init(IDEMPOTENCY_TTL_SECONDS);
    deps = { idempotency, clock } as unknown as MailDeps;
  });
  afterEach(async () => {
    await store.close();
    removeDir(dir);
  });

  it('when it died after storing its message, then a retry at once gets that acceptance replayed and the key is done', async () => {
    const messages = messageStore();
    await diedHolding('k1', 'msg_first');
    messages.stored.set('msg_first', { id: 'msg_first' });
    await expect(onceFor(deps, keyed('k1'), messages.send)).resolves.toEqual({ outcome: { id: 'msg_first' }, replayed: true });
    await expect(onceFor(deps, keyed('k1'), messages.send)).resolves.toEqual({ outcome: { id: 'msg_first' }, replayed: true });
    expect(messages.stored.size).toBe(1);
  });

  it('when it died before storing, then a retry is 429 until the lease ends, and then sends under the reserved id', async () => {
    const messages = messageStore();
    await diedHolding('k2', 'msg_reserved');
    const refused = onceFor(deps, keyed('k2'), messages.send);
    await expect(refused).rejects.toMatchObject({ code: 'idempotency_key_in_flight', headers: { 'Retry-After': '11' } });
    clock.advance(11_001);
    await expect(onceFor(deps, keyed('k2'), messages.send)).resolves.toEqual({ outcome: { id: 'msg_reserved' }, replayed: false });
    expect([...messages.stored.keys()]).toEqual(['msg_reserved']);
  });

  it('when the first request outlives its lease and a retry takes over, then both answer with the one message stored', async () => {
    const messages = messageStore();
    let release = () => {};
    messages.holdSends(new Promise<void>((resolve) => (release = resolve)));
    const slowFirst = onceFor(deps, { ...keyed('k3'), budget: { msLeft: () => 0 } }, messages.send);
    await new Promise((r) => setImmediate(r));
    clock.advance(1001);
    const retry = onceFor(deps, keyed('k3'), messages.send);
    await new Promise((r) => setImmediate(r));
    release();
    const [first, second] = await Promise.all([slowFirst, retry]);
    expect(second.outcome).toEqual(first.outcome);
    expect(messages.stored.size).toBe(1);
  });

  it('when a send is refused, then the key is given back and the same key may be tried again', async () => {
    const messages = messageStore();
    const refusing: KeyedSend<{ id: string }> = { ...messages.send, perform: async () => Promise.reject(new Error('quota')) };
    await expect(onceFor(deps, keyed('k4'), refusing)).rejects.toThrow('quota');
    await expect(onceFor(deps, keyed('k4'), messages.send)).resolves.toMatchObject({ replayed: false });
  });
});
