import type { RpcRequest } from '@mailplane/contracts';
import { json, noContent, type OperationHandlers } from '@mailplane/runtime';
import type { MailDeps } from '../domain/deps';
import { createIdentity, deleteIdentity, getIdentity, identityView, listIdentities, verifyIdentity } from '../domain/identities';
import { getMessage, listMessages, type ListQuery } from '../domain/messages';
import type { SendInput } from '../domain/send-email';
import { sendEmail, sendTestEmail } from '../domain/send-flows';
import { listSuppressions, removeSuppression, suppress, suppressionView } from '../domain/suppressions';
import { showUnsubscribePage, unsubscribe } from '../domain/unsubscribe';

// The gateway authenticated and validated these against the contract before forwarding.
const tenant = (r: RpcRequest) => r.tenantId as string;
const id = (r: RpcRequest) => String(r.params.id);
const page = (r: RpcRequest) => ({ limit: Number(r.query.limit), offset: Number(r.query.offset) });

export function mailHandlers(deps: MailDeps): OperationHandlers {
  return {
    sendEmail: async (r) => {
      const { status, body, headers } = await sendEmail(deps, tenant(r), r.body as SendInput, r.headers['idempotency-key']);
      return { status, contentType: 'application/json', body, headers };
    },
    sendTestEmail: async (r) => {
      const { status, body } = await sendTestEmail(deps, tenant(r), r.body as { to: string });
      return json(body, status);
    },
    listEmails: async (r) => json(await listMessages(deps, tenant(r), r.query as unknown as ListQuery)),
    getEmail: async (r) => json(await getMessage(deps, tenant(r), id(r))),
    listIdentities: async (r) => json(await listIdentities(deps, tenant(r), page(r))),
    createIdentity: async (r) => json(identityView(await createIdentity(deps, tenant(r), r.body as { domain: string })), 201),
    getIdentity: async (r) => json(identityView(await getIdentity(deps, tenant(r), id(r)))),
    verifyIdentity: async (r) => json(identityView(await verifyIdentity(deps, tenant(r), id(r)))),
    listSuppressions: async (r) => json(await listSuppressions(deps, tenant(r), r.query as { q?: string; limit: number; offset: number })),
    addSuppression: async (r) => {
      const body = r.body as { email: string; reason?: 'manual' | 'bounced' | 'unsubscribed' };
      const { record, created } = await suppress(deps, tenant(r), { email: body.email, reason: body.reason ?? 'manual' });
      return json(suppressionView(record), created ? 201 : 200);
    },
    removeSuppression: async (r) => {
      await removeSuppression(deps, tenant(r), String(r.params.email));
      return noContent();
    },
    showUnsubscribePage: async (r) => showUnsubscribePage(deps, String(r.query.token), r.headers.accept, r.requestId),
    unsubscribe: async (r) =>
      unsubscribe(
        deps,
        { query: r.query.token as string | undefined, body: (r.body as { token?: string } | null)?.token },
        r.headers.accept,
        r.requestId,
      ),
    deleteIdentity: async (r) => {
      await deleteIdentity(deps, tenant(r), id(r));
      return noContent();
    },
  };
}
