import { AppError, type CheckoutRequest, type CheckoutResult } from '@mailplane/contracts';
import { newId, type AuditContext } from '@mailplane/runtime';
import { purchasablePlan } from './catalogue';
import type { BillingDeps } from './deps';
import { entitles } from './entitlement';
import { providerAmount } from './money';
import { callUpstream, configuredProvider } from './upstream';

export async function checkoutMethods(deps: BillingDeps, planId: string) {
  const provider = configuredProvider(deps);
  const plan = await purchasablePlan(deps, planId);
  const methods = await callUpstream(() => provider.firstPaymentMethods(providerAmount(plan.priceCents, plan.currency)));
  return {
    plan: plan.id,
    methods: methods.map((m) => ({ id: m.id, description: m.description, ...(m.image?.svg ? { imageUrl: m.image.svg } : {}) })),
  };
}

/** Stored first and named in the payment's metadata, so a payment confirmed after a crash finds it; granted once paid. */
export async function openCheckout(
  deps: BillingDeps,
  tenantId: string,
  input: CheckoutRequest,
  audit: AuditContext,
): Promise<CheckoutResult> {
  const provider = configuredProvider(deps);
  let account = await deps.accounts.ensure(tenantId, deps.clock.now());
  if (entitles(account.subscription))
    throw new AppError('already_subscribed', 'The tenant already holds a subscription; upgrade or downgrade it instead.');
  const plan = await purchasablePlan(deps, input.plan);
  const amount = providerAmount(plan.priceCents, plan.currency);
  if (input.paymentMethod) {
    const offered = await callUpstream(() => provider.firstPaymentMethods(amount));
    if (!offered.some((m) => m.id === input.paymentMethod)) {
      throw new AppError('validation_failed', `Payment method ${input.paymentMethod} is not offered for ${plan.id}.`, {
        extra: { errors: [{ path: '/body/paymentMethod', message: 'not one of GET /billing/checkout-methods' }] },
      });
    }
  }
  if (!account.customerId) {
    const customer = await callUpstream(() =>
      provider.createCustomer({ name: input.name ?? `Mailplane tenant ${tenantId}`, email: input.email, metadata: { tenantId } }),
    );
    // Two racing checkouts may both create a customer; the one written first is kept.
    await deps.accounts.setCustomer(account, customer.id, deps.clock.now());
    account = (await deps.accounts.byTenant(tenantId))!;
  }
  const now = deps.clock.now();
  const checkoutId = newId('chk', now.getTime());
  await deps.checkouts.insert({
    _id: checkoutId,
    tenantId,
    plan: plan.id,
    planName: plan.name,
    priceCents: plan.priceCents,
    currency: plan.currency,
    monthlyEmailQuota: plan.monthlyEmailQuota,
    paymentId: null,
    status: 'open',
    createdAt: now,
    requestedBy: audit,
  });
  const payment = await callUpstream(() =>
    provider.createPayment(
      {
        amount,
        description: `Mailplane ${plan.name}, first month`,
        redirectUrl: input.successUrl ?? deps.config.checkoutReturnUrl ?? `${deps.config.publicUrl}/billing/return?checkout=${checkoutId}`,
        webhookUrl: `${deps.config.publicUrl}/billing/webhook/payment-provider`,
        metadata: { tenantId, plan: plan.id, checkoutId },
        sequenceType: 'first',
        customerId: account.customerId!,
        ...(input.paymentMethod ? { method: input.paymentMethod } : {}),
      },
      checkoutId,
    ),
  );
  await deps.checkouts.setPayment(tenantId, checkoutId, payment.id);
  const checkoutUrl = payment.checkoutUrl;
  if (!checkoutUrl) throw new AppError('billing_unavailable', 'The payment provider returned no checkout.');
  await cancelEarlierCheckouts(deps, tenantId, checkoutId);
  deps.logger.info('checkout created', {
    tenantId,
    checkoutId,
    plan: plan.id,
    paymentId: payment.id,
    amount,
    method: input.paymentMethod ?? null,
  });
  return {
    checkoutUrl,
    paymentId: payment.id,
    plan: plan.id,
    ...(payment.expiresAt ? { expiresAt: new Date(payment.expiresAt).toISOString() } : {}),
  };
}

/** Only the newest checkout should take money; one paid meanwhile is granted or refunded by the payment webhook. */
async function cancelEarlierCheckouts(deps: BillingDeps, tenantId: string, newest: string): Promise<void> {
  for (const earlier of await deps.checkouts.openOf(tenantId)) {
    if (earlier._id === newest || !earlier.paymentId) continue;
    const canceled = await deps.provider!.cancelPayment(earlier.paymentId).catch((err) => {
      deps.logger.warn('earlier checkout not canceled; its payment is refunded if it is paid', { tenantId, err });
      return 'not_cancelable' as const;
    });
    if (canceled === 'canceled') await deps.checkouts.settle(earlier, 'closed', earlier.paymentId);
  }
}
