import request from 'supertest';
import { testAudit } from '../../../test/support/audit';
import { eventually } from '../../../test/support/eventually';
import { openCheckout } from '../src/domain/checkout';
import { changeSubscription } from '../src/domain/entitlement';
import { ledgerOf } from '../src/domain/ledger';
import { priceUpgrade } from '../src/domain/quote';
import { upgrade } from '../src/domain/upgrade';
import { startBillingAlone, type BillingAlone } from './support/billing-alone';

let billing: BillingAlone;
beforeAll(async () => {
  billing = await startBillingAlone();
});
afterAll(() => billing.stop());

let tenants = 0;
const newTenant = () => `ten_crash${++tenants}`;

/** The next call of `name` fails, as if the process had died right there; later calls work. */
function failOnce<T extends object>(target: T, name: keyof T & string) {
  const original = target[name];
  (target as Record<string, unknown>)[name] = () => {
    (target as Record<string, unknown>)[name] = original;
    return Promise.reject(new Error(`crashed in ${name}`));
  };
}

const settled = (tenantId: string, what: string) =>
  eventually(
    async () => {
      const ledger = await ledgerOf(billing.deps, tenantId);
      return ledger.unsettled === 0 && ledger.chargedCents > 0 && ledger.balanced;
    },
    what,
    10_000,
  );

/** The tenant is entitled by a second checkout while the first, paid too, has not been notified yet. */
async function twoPaidCheckouts(tenantId: string) {
  const first = await openCheckout(billing.deps, tenantId, { plan: 'starter' }, testAudit);
  await billing.provider.complete(first.paymentId, 'paid', { notify: false });
  const second = await openCheckout(billing.deps, tenantId, { plan: 'growth' }, testAudit);
  await billing.provider.complete(second.paymentId, 'paid');
  return { first: first.paymentId, second: second.paymentId };
}
const refundsOf = (paymentId: string) => billing.provider.refunds().filter((r) => r.paymentId === paymentId);

describe('a crash between two steps of a paid payment, repaired by the sweeper', () => {
  it('when billing dies after recording the charge and before deciding, then the sweeper grants it', async () => {
    const tenantId = newTenant();
    const opened = await openCheckout(billing.deps, tenantId, { plan: 'starter' }, testAudit);
    failOnce(billing.deps.accounts, 'ensure');
    await billing.provider.complete(opened.paymentId, 'paid');
    await settled(tenantId, 'the charge to be granted');
    expect((await billing.deps.accounts.byTenant(tenantId))?.subscription).toMatchObject({ plan: 'starter', status: 'active' });
    expect(await ledgerOf(billing.deps, tenantId)).toMatchObject({ chargedCents: 1500, grantedCents: 1500, refundedCents: 0 });
  });

  it('when billing dies after granting and before the ledger records it, then the grant is recorded once and nothing refunded', async () => {
    const tenantId = newTenant();
    const opened = await openCheckout(billing.deps, tenantId, { plan: 'starter' }, testAudit);
    failOnce(billing.deps.ledger, 'recordGrant');
    await billing.provider.complete(opened.paymentId, 'paid');
    await settled(tenantId, 'the grant to be recorded');
    const ledger = await ledgerOf(billing.deps, tenantId);
    expect(ledger.entries.map((e) => e.kind)).toEqual(['charge', 'grant']);
    expect(refundsOf(opened.paymentId)).toEqual([]);
  });

  it('when the refund call fails, then the sweeper refunds the payment later, once', async () => {
    const tenantId = newTenant();
    const { first, second } = await twoPaidCheckouts(tenantId);
    failOnce(billing.deps.provider!, 'refund');
    await billing.provider.notify(first);
    await settled(tenantId, 'the refund');
    expect(refundsOf(first)).toHaveLength(1);
    expect(refundsOf(second)).toEqual([]);
    expect(await ledgerOf(billing.deps, tenantId)).toMatchObject({ chargedCents: 6400, refundedCents: 1500, grantedCents: 4900 });
  });

  it('when billing dies after the provider refunded and before the ledger records it, then it is recorded without refunding twice', async () => {
    const tenantId = newTenant();
    const { first } = await twoPaidCheckouts(tenantId);
    failOnce(billing.deps.ledger, 'recordRefund');
    await billing.provider.notify(first);
    await settled(tenantId, 'the refund to be recorded');
    expect(refundsOf(first)).toHaveLength(1);
    const refund = (await ledgerOf(billing.deps, tenantId)).entries.find((e) => e.kind === 'refund');
    expect(refund).toMatchObject({ providerId: refundsOf(first)[0].id, amountCents: 1500, paymentId: first });
  });
});

describe('an upgrade charge that no longer fits the subscription', () => {
  it('when the subscription changes while the upgrade is charged, then the charge is refunded and the upgrade is 409 quote_stale', async () => {
    const tenantId = newTenant();
    const opened = await openCheckout(billing.deps, tenantId, { plan: 'starter' }, testAudit);
    await billing.provider.complete(opened.paymentId, 'paid');
    await settled(tenantId, 'the subscription');
    const { quote } = await priceUpgrade(billing.deps, tenantId, 'growth');
    // A renewal lands between the charge and its application.
    const provider = billing.deps.provider!;
    const charge = provider.createPayment;
    provider.createPayment = async (...args) => {
      provider.createPayment = charge;
      const payment = await charge(...args);
      const account = (await billing.deps.accounts.byTenant(tenantId))!;
      await changeSubscription(billing.deps, account, account.subscription);
      return payment;
    };
    await expect(
      upgrade(billing.deps, tenantId, { plan: 'growth', acceptedCents: quote.amountCents, consented: true }, testAudit),
    ).rejects.toMatchObject({
      code: 'quote_stale',
    });
    const upgradeCharge = billing.provider
      .payments()
      .find((p) => p.sequenceType === 'recurring' && p.metadata && (p.metadata as { tenantId?: string }).tenantId === tenantId)!;
    expect(refundsOf(upgradeCharge.id)).toHaveLength(1);
    expect((await billing.deps.accounts.byTenant(tenantId))?.subscription?.plan).toBe('starter');
    expect(await ledgerOf(billing.deps, tenantId)).toMatchObject({ balanced: true, unsettled: 0, grantedCents: 1500 });
  });
});

describe('a checkout replaced by another', () => {
  it('when a tenant opens a second checkout, then the hosted checkout of the first can no longer be paid: 409', async () => {
    const tenantId = newTenant();
    const first = await openCheckout(billing.deps, tenantId, { plan: 'starter' }, testAudit);
    expect((await request(first.checkoutUrl).get('')).status).toBe(200);
    await openCheckout(billing.deps, tenantId, { plan: 'growth' }, testAudit);
    const page = await request(first.checkoutUrl).get('');
    expect(page.status).toBe(409);
    expect(page.text).toBe(`Payment ${first.paymentId} is already canceled`);
    const paid = await request(first.checkoutUrl).post('').type('form').send({ status: 'paid' });
    expect(paid.status).toBe(409);
    expect(refundsOf(first.paymentId)).toEqual([]);
    expect(await ledgerOf(billing.deps, tenantId)).toMatchObject({ chargedCents: 0, grantedCents: 0 });
  });
});
