import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ack, createMemoryBroker } from '@mailplane/broker';
import type { Envelope } from '@mailplane/contracts';
import { validateMessage } from '@mailplane/contracts';
import { createLogger } from '@mailplane/runtime';
import { createStore, type Store } from '@mailplane/store';
import { eventually } from '../../../test/support/eventually';
import { removeDir } from '../../../test/support/platform';
import { billingConfig, startBilling } from '../src';
import type { AccountRecord } from '../src/data-access/accounts-repo';

const logger = createLogger({ level: 'silent' });
const at = new Date('2026-10-01T00:00:00Z');

/** An account that bought `plan` long ago, its entitlement announced before any newer consumer was bound. */
const paidAccount = (i: number): AccountRecord => ({
  _id: `ten_replay${String(i).padStart(4, '0')}`,
  customerId: `cst_${i}`,
  subscription: {
    plan: 'growth',
    status: 'active',
    priceCents: 4900,
    currency: 'EUR',
    monthlyEmailQuota: 50_000,
    mandateId: `mdt_${i}`,
    periodStart: at,
    periodEnd: new Date('2099-01-01T00:00:00Z'),
    cancelAtPeriodEnd: false,
    sourcePaymentId: `tr_${i}`,
    hubSynced: true,
    scheduledPlan: null,
    fixUntil: null,
  },
  revision: 2,
  grantedPayments: [],
  refusedPayments: [],
  updatedAt: at,
  pendingEvents: [],
  eventsPending: false,
});

describe('entitlements replayed to consumers that came later', () => {
  it('when two replicas start on accounts announced before a new consumer existed, then each current entitlement is published once, and never again', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'billing-replay-'));
    const broker = createMemoryBroker();
    const seen: Envelope[] = [];
    const sub = await broker.consume('test.entitlements', async (e) => (seen.push(e), ack()), {
      prefetch: 50,
      bindings: ['entitlement.changed'],
    });
    const stores: Store[] = [await createStore({ dir }), await createStore({ dir })];
    const start = (store: Store) => startBilling({ config: billingConfig({ BILLING_SWEEP_MS: '20' }), broker, store, logger });
    const accounts = Array.from({ length: 450 }, (_, i) => paidAccount(i));
    // One account never entitled anything: it has nothing to replay.
    const fresh = { ...paidAccount(999), subscription: null, revision: 0 };
    await stores[0].collection<AccountRecord>('accounts').insertMany([...accounts, fresh]);
    try {
      const replicas = await Promise.all(stores.map(start));
      await eventually(() => seen.length >= accounts.length, 'every entitlement published', 20_000);
      for (const replica of replicas) await replica.stop();
      expect(seen.map((e) => e.tenantId).sort()).toEqual(accounts.map((a) => a._id));
      for (const event of seen) expect(validateMessage(event)).toEqual([]);
      expect(seen[0].data).toMatchObject({ plan: 'growth', revision: 2, hasSubscription: true, monthlyEmailQuota: 50_000 });

      const again = await start(stores[1]);
      await again.deps.accounts.ensure('ten_after', new Date());
      await again.stop();
      expect(seen).toHaveLength(accounts.length);
    } finally {
      await sub.cancel();
      await broker.close();
      for (const store of stores) await store.close();
      removeDir(dir);
    }
  }, 60_000);
});
