import fc from 'fast-check';
import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { eventually } from '../../../test/support/eventually';
import { auth } from '../../../test/support/mail';
import { ADMIN_TOKEN, sharedPlatform } from '../../../test/support/platform';
import { centsOf } from '../src/domain/money';

// MONEY_SEED=<seed> replays a failing run (every run prints its seed); MONEY_RUNS=<n> runs more.
const seed = Number(process.env.MONEY_SEED ?? Date.now() % 2 ** 31);
// About seventy paid payments, ten refunds and a few upgrade charges per run of the suite.
const RUNS = Number(process.env.MONEY_RUNS ?? 60);

const platform = sharedPlatform();
beforeAll(async () => {
  console.info(`money ledger property: seed ${seed} (MONEY_SEED=${seed} to replay)`);
});
afterEach(() => platform.sandbox.provider.behaviour.reset());

const PLANS = ['starter', 'growth', 'scale'] as const;
const plan = fc.constantFrom(...PLANS);
const which = fc.nat(20); // an index into the run's payments, modulo their number
const command = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('checkout' as const), plan }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('pay' as const), which, notify: fc.boolean() }), weight: 5 },
  {
    arbitrary: fc.record({ kind: fc.constant('unpaid' as const), which, status: fc.constantFrom('failed', 'expired', 'canceled') }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('replay' as const), which, twice: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('upgrade' as const), plan, decline: fc.boolean() }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('retry' as const) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('downgrade' as const), plan }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('cancel' as const) }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('period' as const), outcome: fc.constantFrom('renewed', 'payment_failed', 'lapsed') }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('outage' as const), which }), weight: 1 },
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

/** Plays one tenant's story through the API and the sandbox; every API answer is checked against the contract. */
async function play(tenant: { tenantId: string; key: string }, commands: Command[]) {
  const api = async (method: 'get' | 'post' | 'delete', path: string, operationId: string, body?: object) => {
    const res = await request(platform.url)[method](path).set(auth(tenant.key)).send(body);
    expectContract(res, operationId);
    return res;
  };
  const provider = platform.sandbox.provider;
  const ours = () => provider.payments().filter((p) => (p.metadata as { tenantId?: string } | null)?.tenantId === tenant.tenantId);
  const pickFrom = <T>(list: T[], n: number) => list[n % Math.max(1, list.length)];
  let lastUpgrade: object | null = null;
  for (const c of commands) {
    if (c.kind === 'checkout') await api('post', '/billing/checkout', 'createCheckout', { plan: c.plan });
    // Paying and failing pick among the open payments, replays and outages among all of them.
    const open = ours().filter((p) => p.status === 'open');
    const payment = 'which' in c ? pickFrom(c.kind === 'pay' || c.kind === 'unpaid' ? open : ours(), c.which) : undefined;
    if (c.kind === 'pay' && payment) await provider.complete(payment.id, 'paid', { notify: c.notify });
    if (c.kind === 'unpaid' && payment) await provider.complete(payment.id, c.status);
    if (c.kind === 'replay' && payment) await Promise.all([provider.notify(payment.id), c.twice && provider.notify(payment.id)]);
    if (c.kind === 'outage' && payment) {
      provider.behaviour.setDown(true);
      await provider.notify(payment.id);
      provider.behaviour.setDown(false);
    }
    if (c.kind === 'upgrade') {
      const quote = await api('post', '/billing/upgrade/quote', 'quoteUpgrade', { plan: c.plan });
      if (c.decline) provider.behaviour.declineNextRecurring();
      lastUpgrade = { plan: c.plan, acceptedCents: quote.status === 200 ? quote.body.amountCents : 0, consented: true };
      await api('post', '/billing/upgrade', 'upgradeSubscription', lastUpgrade);
    }
    if (c.kind === 'retry' && lastUpgrade) await api('post', '/billing/upgrade', 'upgradeSubscription', lastUpgrade);
    if (c.kind === 'downgrade') await api('post', '/billing/downgrade', 'downgradeSubscription', { plan: c.plan });
    if (c.kind === 'cancel') await api('delete', '/billing/subscription', 'cancelSubscription');
    if (c.kind === 'period' && platform.sandbox.hub.subscriptions().some((s) => s.external_id === tenant.tenantId))
      await platform.sandbox.hub.endPeriod(tenant.tenantId, c.outcome);
  }
  provider.behaviour.reset();
  // The provider retries every notification until it is answered; one last call of each stands for that.
  for (const p of ours()) await provider.notify(p.id);
  return ours();
}

async function ledgerOf(tenantId: string) {
  const res = await request(platform.url).get(`/admin/tenants/${tenantId}/billing`).set('Authorization', `Bearer ${ADMIN_TOKEN}`);
  expectContract(res, 'getTenantBilling');
  return res.body.ledger as {
    chargedCents: number;
    refundedCents: number;
    grantedCents: number;
    balanced: boolean;
    unsettled: number;
    entries: { kind: string; paymentId: string | null; providerId: string | null; amountCents: number }[];
  };
}

describe('the money ledger', () => {
  it('whatever order checkouts, payments, declines, upgrades, cancellations, renewals and replays come in, paid − refunded = granted, and every paid payment is granted or refunded, once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 6, maxLength: 20 }), async (commands) => {
        const tenant = await platform.newTenant('Property');
        const payments = await play(tenant, [{ kind: 'checkout', plan: 'starter' }, ...commands]);
        await eventually(async () => (await ledgerOf(tenant.tenantId)).unsettled === 0, 'every charge granted or refunded', 10_000);
        const ledger = await ledgerOf(tenant.tenantId);
        const paid = payments.filter((p) => p.status === 'paid');
        const refunds = platform.sandbox.provider.refunds().filter((r) => paid.some((p) => p.id === r.paymentId));
        expect(ledger.balanced).toBe(true);
        expect(ledger.chargedCents).toBe(paid.reduce((sum, p) => sum + centsOf(p.amount), 0));
        expect(ledger.refundedCents).toBe(refunds.reduce((sum, r) => sum + centsOf(r.amount), 0));
        for (const p of paid) {
          const about = ledger.entries.filter((e) => e.paymentId === p.id).map((e) => e.kind);
          expect([p.id, about.sort()]).toEqual([p.id, expect.arrayContaining(['charge'])]);
          expect([p.id, about.filter((k) => k !== 'charge')]).toEqual([p.id, [expect.stringMatching(/^(grant|refund)$/)]]);
          expect(refunds.filter((r) => r.paymentId === p.id).length).toBe(about.includes('refund') ? 1 : 0);
        }
      }),
      { seed, numRuns: RUNS, endOnFailure: true },
    );
  }, 120_000);
});
