import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ack, createMemoryBroker, type Broker } from '@mailplane/broker';
import { QUEUES } from '@mailplane/contracts';
import { auditEvent, createLogger } from '@mailplane/runtime';
import { createStore, type Store } from '@mailplane/store';
import { bindAuditQueue, testAudit } from '../../../test/support/audit';
import { eventually } from '../../../test/support/eventually';
import { removeDir } from '../../../test/support/platform';
import { billingConfig, startBilling } from '../src';
import type { AccountRecord } from '../src/data-access/accounts-repo';
import { changeGrant } from '../src/domain/entitlement';

const logger = createLogger({ level: 'silent' });
const start = (broker: Broker, store: Store) => startBilling({ config: billingConfig({ BILLING_SWEEP_MS: '20' }), broker, store, logger });

// The embedded default's in-process broker dies with its process, and with it a record billing published that the
// gateway had not stored yet. Billing keeps it in the account a minute; the start on new queues publishes it again.
describe('billing audit records and an in-process queue that died', () => {
  it('when the queue holding a published grant record is lost, then two replicas starting on new queues publish it again, once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'billing-kept-'));
    const stores = [await createStore({ dir }), await createStore({ dir })];
    const old = createMemoryBroker();
    // The gateway had taken the record off the queue and not stored it when the process died.
    let release = () => undefined as unknown;
    await old.consume(QUEUES.gatewayAudit, () => new Promise((r) => (release = () => r(ack()))), {
      prefetch: 16,
      bindings: ['audit.recorded'],
    });
    const first = await start(old, stores[0]);
    const at = new Date();
    const grant = { grantId: 'grt_kept', plan: 'partner', monthlyEmailQuota: 1000, until: null, grantedAt: at };
    const record = auditEvent(
      'ten_kept',
      testAudit,
      { operationId: 'grantPlan', target: { type: 'grant', id: 'grt_kept' }, changes: {} },
      at,
    );
    expect(await changeGrant(first.deps, await first.deps.accounts.ensure('ten_kept', at), grant, [record])).toBe(true);
    const account = await stores[0].collection<AccountRecord>('accounts').findOne({ _id: 'ten_kept' });
    expect(account).toMatchObject({ eventsPending: false, keptEvents: [expect.objectContaining({ id: record.id })] });
    await first.stop();
    release();
    await old.close();

    const fresh = createMemoryBroker();
    const { records: stored } = await bindAuditQueue(fresh);
    const replicas = await Promise.all(stores.map((store) => start(fresh, store)));
    try {
      await eventually(() => stored.some((e) => e.id === record.id), 'the record published again', 10_000);
      // A sweep still running finishes before its replica stops: everything published has arrived by then.
      for (const replica of replicas) await replica.stop();
      expect(stored.filter((e) => e.id === record.id)).toHaveLength(1);
    } finally {
      for (const replica of replicas) await replica.stop();
      await fresh.close();
      for (const store of stores) await store.close();
      removeDir(dir);
    }
  }, 30_000);
});
