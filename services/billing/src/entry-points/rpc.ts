import type { BillingOperations, RpcRequest } from '@mailplane/contracts';
import { auditContextOf, json, noContent, type HandlersOf } from '@mailplane/runtime';
import { getCatalogue } from '../domain/catalogue';
import { checkoutMethods, openCheckout } from '../domain/checkout';
import type { BillingDeps } from '../domain/deps';
import { priceUpgrade } from '../domain/quote';
import { billingState } from '../domain/state';
import { upgrade } from '../domain/upgrade';
import { cancelSubscription, scheduleDowngrade, withdrawPendingChange } from '../domain/subscription-changes';
import { adminHandlers } from './admin';
import { checkoutReturnReply } from './checkout-return';
import { inboundWebhookHandlers } from './inbound-webhooks';

// The gateway authenticated and validated these against the contract before forwarding.
const tenant = (r: RpcRequest) => r.tenantId as string;

export function billingHandlers(deps: BillingDeps): HandlersOf<BillingOperations> {
  return {
    getCatalogue: async () => json(await getCatalogue(deps)),
    listCheckoutMethods: async (r) => json(await checkoutMethods(deps, String(r.query.plan))),
    createCheckout: async (r) => json(await openCheckout(deps, tenant(r), r.body, auditContextOf(r))),
    getBillingState: async (r) => json(await billingState(deps, tenant(r), r.requestId)),
    quoteUpgrade: async (r) => json((await priceUpgrade(deps, tenant(r), r.body.plan)).quote),
    upgradeSubscription: async (r) => json(await upgrade(deps, tenant(r), r.body, auditContextOf(r))),
    downgradeSubscription: async (r) => json(await scheduleDowngrade(deps, tenant(r), r.body.plan, auditContextOf(r))),
    cancelPendingChange: async (r) => {
      await withdrawPendingChange(deps, tenant(r), auditContextOf(r));
      return noContent();
    },
    cancelSubscription: async (r) => json(await cancelSubscription(deps, tenant(r), auditContextOf(r))),
    showCheckoutReturn: (r) => checkoutReturnReply(deps, String(r.query.checkout), r.headers.accept),
    ...inboundWebhookHandlers(deps),
    ...adminHandlers(deps),
  };
}
