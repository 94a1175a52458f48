import type { RpcRequest, WebhookEventType } from '@mailplane/contracts';
import { json, noContent, type OperationHandlers } from '@mailplane/runtime';
import type { WebhooksDeps } from '../domain/deps';
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
type EndpointInput = { url: string; eventTypes: (WebhookEventType | '*')[]; description?: string; disabled?: boolean };

export function webhooksHandlers(deps: WebhooksDeps): OperationHandlers {
  return {
    listWebhookEndpoints: async (r) =>
      json(await listEndpoints(deps, tenant(r), { limit: Number(r.query.limit), offset: Number(r.query.offset) })),
    createWebhookEndpoint: async (r) => json(await createEndpoint(deps, tenant(r), r.body as EndpointInput), 201),
    getWebhookEndpoint: async (r) => json(endpointView(await getEndpoint(deps, tenant(r), id(r)))),
    updateWebhookEndpoint: async (r) => {
      await updateEndpoint(deps, tenant(r), id(r), r.body as Partial<EndpointInput>);
      return noContent();
    },
    deleteWebhookEndpoint: async (r) => {
      await deleteEndpoint(deps, tenant(r), id(r));
      return noContent();
    },
    rotateWebhookEndpointSecret: async (r) => json(await rotateSecret(deps, tenant(r), id(r))),
  };
}
