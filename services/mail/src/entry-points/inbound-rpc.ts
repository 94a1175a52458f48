import type { MailOperations, RpcRequest } from '@mailplane/contracts';
import { auditContextOf, json, noContent, type HandlersOf } from '@mailplane/runtime';
import type { MailDeps } from '../domain/deps';
import { getIdentity, identityView } from '../domain/identities';
import { disableInbound, enableInbound } from '../domain/inbound/domains';
import { attachmentBytes, getInbound, listInbound } from '../domain/inbound/messages';
import { createRoute, deleteRoute, getRoute, listRoutes, routeView, updateRoute } from '../domain/inbound/routes';

// The gateway authenticated and validated these against the contract before forwarding.
const tenant = (r: RpcRequest) => r.tenantId as string;
const id = (r: RpcRequest) => String(r.params.id);

/** Inbound mail's operations: receiving on identities, routes, received messages and their attachments' links. */
type InboundOperations = Pick<
  MailOperations,
  | 'enableInbound'
  | 'disableInbound'
  | 'listInboundRoutes'
  | 'createInboundRoute'
  | 'getInboundRoute'
  | 'updateInboundRoute'
  | 'deleteInboundRoute'
  | 'listInboundMessages'
  | 'getInboundMessage'
  | 'downloadInboundAttachment'
>;

export function inboundHandlers(deps: MailDeps): HandlersOf<InboundOperations> {
  return {
    enableInbound: async (r) =>
      json(identityView(await enableInbound(deps, await getIdentity(deps, tenant(r), id(r), r.keyDomain ?? null), auditContextOf(r)))),
    disableInbound: async (r) =>
      json(identityView(await disableInbound(deps, await getIdentity(deps, tenant(r), id(r), r.keyDomain ?? null), auditContextOf(r)))),
    listInboundRoutes: async (r) => json(await listRoutes(deps, tenant(r), r.query)),
    createInboundRoute: async (r) => json(routeView(await createRoute(deps, tenant(r), r.body, auditContextOf(r))), 201),
    getInboundRoute: async (r) => json(routeView(await getRoute(deps, tenant(r), id(r)))),
    updateInboundRoute: async (r) => json(routeView(await updateRoute(deps, tenant(r), id(r), r.body, auditContextOf(r)))),
    deleteInboundRoute: async (r) => {
      await deleteRoute(deps, tenant(r), id(r), auditContextOf(r));
      return noContent();
    },
    listInboundMessages: async (r) => json(await listInbound(deps, tenant(r), r.query)),
    getInboundMessage: async (r) => json(await getInbound(deps, tenant(r), id(r))),
    downloadInboundAttachment: async (r) => {
      const link = { expires: Number(r.query.expires), signature: String(r.query.signature) };
      const file = await attachmentBytes(deps, id(r), Number(r.params.index), link);
      return {
        status: 200,
        contentType: 'application/octet-stream',
        body: file.content.toString('base64'),
        bodyEncoding: 'base64',
        headers: {
          'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, no-store',
        },
      };
    },
  };
}
