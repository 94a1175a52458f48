import type { CheckoutRequest, RpcReply, RpcRequest, UpgradeRequest } from '@mailplane/contracts';
import { json, noContent, type OperationHandlers } from '@mailplane/runtime';
import { getCatalogue } from '../domain/catalogue';
import { checkoutMethods, openCheckout } from '../domain/checkout';
import type { BillingDeps } from '../domain/deps';
import { handlePaymentNotification, paymentIdOf } from '../domain/payment-webhook';
import { priceUpgrade } from '../domain/quote';
import { billingState } from '../domain/state';
import { upgrade } from '../domain/upgrade';
import { handleHubEvent } from '../domain/hub-webhook';
import { cancelSubscription, scheduleDowngrade, withdrawPendingChange } from '../domain/subscription-changes';

// The gateway authenticated and validated these against the contract before forwarding.
const tenant = (r: RpcRequest) => r.tenantId as string;
const text = (status: number, body: string): RpcReply => ({ status, contentType: 'text/plain', body });

export function billingHandlers(deps: BillingDeps): OperationHandlers {
  return {
    getCatalogue: async () => json(await getCatalogue(deps)),
    listCheckoutMethods: async (r) => json(await checkoutMethods(deps, String(r.query.plan))),
    createCheckout: async (r) => json(await openCheckout(deps, tenant(r), r.body as CheckoutRequest)),
    getBillingState: async (r) => json(await billingState(deps, tenant(r))),
    quoteUpgrade: async (r) => json((await priceUpgrade(deps, tenant(r), (r.body as { plan: string }).plan)).quote),
    upgradeSubscription: async (r) => json(await upgrade(deps, tenant(r), r.body as UpgradeRequest)),
    downgradeSubscription: async (r) => json(await scheduleDowngrade(deps, tenant(r), (r.body as { plan: string }).plan)),
    cancelPendingChange: async (r) => {
      await withdrawPendingChange(deps, tenant(r));
      return noContent();
    },
    cancelSubscription: async (r) => json(await cancelSubscription(deps, tenant(r))),
    hubWebhook: async (r) => {
      try {
        const outcome = await handleHubEvent(deps, Buffer.from(r.rawBody ?? '', 'base64'), r.headers['hub-signature']);
        return text(outcome.status, outcome.text);
      } catch (err) {
        deps.logger.error('hub event not applied', { requestId: r.requestId, err });
        return text(500, 'not applied; retry');
      }
    },
    // The provider reads only the status; whatever goes wrong it gets text, and a 500 makes it retry.
    paymentProviderWebhook: async (r) => {
      try {
        const outcome = await handlePaymentNotification(deps, paymentIdOf(Buffer.from(r.rawBody ?? '', 'base64'), r.contentType));
        return text(outcome.status, outcome.text);
      } catch (err) {
        deps.logger.error('payment notification not applied', { requestId: r.requestId, err });
        return text(500, 'not applied; retry');
      }
    },
  };
}
