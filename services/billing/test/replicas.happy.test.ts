import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ack, createMemoryBroker } from '@mailplane/broker';
import type { Envelope } from '@mailplane/contracts';
import { createLogger, newEnvelope } from '@mailplane/runtime';
import { createStore, type Store } from '@mailplane/store';
import { eventually } from '../../../test/support/eventually';
import { removeDir } from '../../../test/support/platform';
import { billingConfig, startBilling } from '../src';
import type { AccountRecord } from '../src/data-access/accounts-repo';

describe('billing sweep with two replicas', () => {
  it('when two replicas repair entitlement changes the broker never confirmed, then each is published once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'billing-replicas-'));
    const broker = createMemoryBroker();
    const seen: Envelope[] = [];
    const sub = await broker.consume('test.entitlements', async (e) => (seen.push(e), ack()), {
      prefetch: 50,
      bindings: ['entitlement.changed'],
    });
    const stores: Store[] = [await createStore({ dir }), await createStore({ dir })];
    const logger = createLogger({ level: 'silent' });
    // Written ten seconds ago with its event, never confirmed: what a crash between the two leaves.
    const at = new Date(Date.now() - 10_000);
    const accounts: AccountRecord[] = Array.from({ length: 500 }, (_, i) => ({
      _id: `ten_replicas${i}`,
      customerId: null,
      subscription: null,
      revision: 1,
      grantedPayments: [],
      refusedPayments: [],
      updatedAt: at,
      pendingEvents: [
        newEnvelope('event', 'entitlement.changed', at, { tenantId: `ten_replicas${i}`, correlationId: `ten_replicas${i}`, data: {} }),
      ],
      eventsPending: true,
    }));
    const replicas = await Promise.all(
      stores.map((store) => startBilling({ config: billingConfig({ BILLING_SWEEP_MS: '20' }), broker, store, logger })),
    );
    try {
      await stores[0].collection<AccountRecord>('accounts').insertMany(accounts);
      const accountsOf = stores[0].collection<AccountRecord>('accounts');
      await eventually(async () => (await accountsOf.count({ eventsPending: true })) === 0, 'every change published', 20_000);
      // A sweep still running finishes before its replica stops: everything it published has arrived by then.
      for (const replica of replicas) await replica.stop();
      // The entitlement replay of a fresh store may publish these accounts' current plans too: only the repaired events count.
      const repaired = new Set(accounts.map((a) => a.pendingEvents[0].id));
      const published = () => seen.filter((e) => repaired.has(e.id));
      await eventually(() => published().length >= accounts.length, 'the events', 5000);
      expect(published()).toHaveLength(accounts.length);
      expect(new Set(published().map((e) => e.id)).size).toBe(accounts.length);
    } finally {
      for (const replica of replicas) await replica.stop();
      await sub.cancel();
      await broker.close();
      for (const store of stores) await store.close();
      removeDir(dir);
    }
  }, 60_000);
});
