import type { RpcRequest, WebhooksOperations } from '@mailplane/contracts';
import { auditContextOf, json, noContent, type HandlersOf } from '@mailplane/runtime';
import { deliveryDetailView, deliveryView, getDelivery, listDeliveries } from '../domain/delivery-log';
import type { WebhooksDeps } from '../domain/deps';
import { redeliver, replayFailed } from '../domain/redeliver';
import {
  createEndpoint,
  deleteEndpoint,
  endpointView,
  getEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
} from '../domain/endpoints';

// The gateway authenticated and validated these against the contract before forwarding.
const tenant = (r: RpcRequest) => r.tenantId as string;
const id = (r: RpcRequest) => String(r.params.id);

// A delivery's event is stored with the data its publisher sent, which nothing here narrows to the contract's object.
export function webhooksHandlers(deps: WebhooksDeps): HandlersOf<WebhooksOperations, 'getWebhookDelivery'> {
  return {
    listWebhookEndpoints: async (r) => json(await listEndpoints(deps, tenant(r), r.query)),
    createWebhookEndpoint: async (r) => json(await createEndpoint(deps, tenant(r), r.body, auditContextOf(r)), 201),
    getWebhookEndpoint: async (r) => json(endpointView(await getEndpoint(deps, tenant(r), id(r)))),
    updateWebhookEndpoint: async (r) => {
      await updateEndpoint(deps, tenant(r), id(r), r.body, auditContextOf(r));
      return noContent();
    },
    deleteWebhookEndpoint: async (r) => {
      await deleteEndpoint(deps, tenant(r), id(r), auditContextOf(r));
      return noContent();
    },
    rotateWebhookEndpointSecret: async (r) => json(await rotateSecret(deps, tenant(r), id(r), auditContextOf(r))),
    listWebhookDeliveries: async (r) =>
      json(
        await listDeliveries(
          deps,
          tenant(r),
          id(r),
          { status: r.query.status, eventType: r.query.eventType, messageId: r.query.messageId },
          r.query,
        ),
      ),
    getWebhookDelivery: async (r) => json(deliveryDetailView(await getDelivery(deps, tenant(r), id(r)))),
    redeliverWebhook: async (r) => json(deliveryView(await redeliver(deps, tenant(r), id(r))), 202),
    replayWebhookDeliveries: async (r) => json(await replayFailed(deps, tenant(r), id(r), new Date(r.body.since)), 202),
  };
}
