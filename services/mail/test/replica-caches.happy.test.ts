import { eventually } from '../../../test/support/eventually';
import { silentFor, widenListeners } from '../src/domain/event-listeners';
import { isSuppressed, removeSuppression, suppress } from '../src/domain/suppressions';
import { mailCluster, type MailCluster } from './support/replicas';

let cluster: MailCluster | null = null;
afterEach(async () => {
  await cluster?.stop();
  cluster = null;
});

describe('what mail replicas hold in memory, each forgotten by all when it changes', () => {
  it('when a bounce adds an address through one replica, then the other replica looks again for that tenant alone, and before any addition it does not', async () => {
    cluster = await mailCluster();
    const [a, b] = [await cluster.replica(), await cluster.replica()];
    const lists = b.mail.deps.suppressions;
    const start = Date.now();
    // Messages accepted well after the replica began to watch: nothing was added since, so no second look.
    const later = new Date(start + 10_000);
    expect(await lists.mayHaveGrownSince('ten_watched', new Date(start - 1000), new Date(start))).toBe(true);
    expect(await lists.mayHaveGrownSince('ten_watched', later, later)).toBe(false);
    expect(await lists.mayHaveGrownSince('ten_other', new Date(start), new Date(start))).toBe(true);
    expect(await lists.mayHaveGrownSince('ten_other', later, later)).toBe(false);

    await suppress(a.mail.deps, 'ten_watched', { email: 'gone@example.org', reason: 'bounced' });

    await eventually(() => lists.mayHaveGrownSince('ten_watched', later, later), 'the other replica to hear of the addition');
    expect(await lists.mayHaveGrownSince('ten_other', later, later)).toBe(false);
  });

  it('when an address joins a short list through one replica and leaves it through the other, then both answer as the store does within a moment, and a long list is looked up address by address', async () => {
    cluster = await mailCluster();
    const [a, b] = [await cluster.replica(), await cluster.replica()];
    const audit = { actor: { type: 'key' as const, id: 'key_test', name: 'test', ip: null, userAgent: null }, requestId: 'req_test' };
    // Both replicas hold the tenant's empty list.
    expect([
      await isSuppressed(a.mail.deps, 'ten_short', 'x@example.org'),
      await isSuppressed(b.mail.deps, 'ten_short', 'x@example.org'),
    ]).toEqual([false, false]);

    await suppress(a.mail.deps, 'ten_short', { email: 'X@example.org', reason: 'manual' });
    expect(await isSuppressed(a.mail.deps, 'ten_short', 'x@EXAMPLE.org')).toBe(true);
    await eventually(() => isSuppressed(b.mail.deps, 'ten_short', 'x@example.org'), 'the other replica to hold the added address');

    await removeSuppression(b.mail.deps, 'ten_short', 'x@example.org', audit);
    expect(await isSuppressed(b.mail.deps, 'ten_short', 'x@example.org')).toBe(false);
    await eventually(
      async () => !(await isSuppressed(a.mail.deps, 'ten_short', 'x@example.org')),
      'the first replica to let the address go',
    );

    // Past the length a replica holds, every answer still comes from the store.
    for (let i = 0; i < 129; i++) await suppress(a.mail.deps, 'ten_long', { email: `r${i}@example.org`, reason: 'manual' });
    const answers = await Promise.all(
      ['r0@example.org', 'r128@example.org', 'r129@example.org'].map((r) => isSuppressed(b.mail.deps, 'ten_long', r)),
    );
    expect(answers).toEqual([true, true, false]);
    await removeSuppression(a.mail.deps, 'ten_long', 'r128@example.org', audit);
    expect(await isSuppressed(b.mail.deps, 'ten_long', 'r128@example.org')).toBe(false);
  });

  it("when a tenant's first endpoint widens its event types through one replica, then from that answer on the other replica reads them too", async () => {
    cluster = await mailCluster();
    const [a, b] = [await cluster.replica(), await cluster.replica()];
    await a.mail.deps.entitlements.narrowListeners('ten_quiet', [], new Date(), new Date());
    // The other replica reads, and holds, the record that lists no type.
    expect(silentFor(await b.mail.deps.entitlements.byTenant('ten_quiet'))).toBe(true);
    await widenListeners(a.mail.deps, 'ten_quiet', ['email.sent']);
    expect(silentFor(await b.mail.deps.entitlements.byTenant('ten_quiet'))).toBe(false);
  });
});
