import { AppError, type GatewayOperations, type RpcRequest } from '@mailplane/contracts';
import { auditContextOf, json, METRICS_CONTENT_TYPE, noContent, type HandlersOf, type MetricsRegistry } from '@mailplane/runtime';
import { createApiKey, listApiKeys, revokeApiKey } from '../domain/api-keys';
import { exportAuditLog, listAuditLog } from '../domain/audit-log';
import type { GatewayDeps } from '../domain/deps';
import { checkHealth, checkReadiness } from '../domain/health';
import { acceptInvitation } from '../domain/accept-invitation';
import { createInvitation, listInvitations, revokeInvitation } from '../domain/invitations';
import { whoAmI } from '../domain/me';
import { confirmPasswordReset, confirmSignInLink, requestPasswordReset, requestSignInLink } from '../domain/member-link-flows';
import type { ClientSeen } from '../domain/member-links';
import { createMember, createOwner, listMembers, removeMember, updateMember } from '../domain/members';
import { confirmTotpEnrollment, disableTotp, startTotpEnrollment } from '../domain/second-factor';
import { signIn, signOut } from '../domain/sessions';
import { createTenant, listTenants } from '../domain/tenants';
import type { docsReplies } from './docs-page';

// The contract's JSON comes serialised once per process (docs-page.ts), text its type cannot check.
export type LocalHandlers = HandlersOf<GatewayOperations, 'getOpenApiJson'>;

// Bearer routes reach these only after authentication; a request without a tenant is refused, never widened.
function tenantOf(request: RpcRequest): { tenantId: string } {
  if (!request.tenantId) throw new AppError('unauthorized');
  return { tenantId: request.tenantId };
}

const memberOf = (request: RpcRequest) => ({ ...tenantOf(request), memberId: String(request.params.id) });
const invitationOf = (request: RpcRequest) => ({ ...tenantOf(request), invitationId: String(request.params.id) });
const clientOf = (request: RpcRequest): ClientSeen => ({
  ip: request.clientAddress ?? null,
  userAgent: request.headers['user-agent'] ?? null,
  requestId: request.requestId,
});
const accepted = () => ({ status: 202, body: null });

/** The operations the gateway serves itself; bodies were validated against the contract before they get here. */
export function localHandlers(deps: GatewayDeps, docs: ReturnType<typeof docsReplies>, metrics: MetricsRegistry): LocalHandlers {
  return {
    listApiKeys: async (r) => json({ data: await listApiKeys(deps, tenantOf(r)) }),
    createApiKey: async (r) => json(await createApiKey(deps, tenantOf(r), r.body, auditContextOf(r)), 201),
    revokeApiKey: async (r) => {
      await revokeApiKey(deps, { ...tenantOf(r), keyId: String(r.params.id) }, auditContextOf(r));
      return noContent();
    },
    getMe: async (r) => json(await whoAmI(deps, { ...tenantOf(r), actor: auditContextOf(r).actor })),
    createSession: async (r) => json(await signIn(deps, r.body, clientOf(r)), 201),
    deleteCurrentSession: async (r) => {
      await signOut(deps, { ...tenantOf(r), sessionId: r.sessionId ?? null });
      return noContent();
    },
    listMembers: async (r) => json({ data: await listMembers(deps, tenantOf(r)) }),
    createMember: async (r) => json(await createMember(deps, tenantOf(r), r.body, auditContextOf(r)), 201),
    updateMember: async (r) => json(await updateMember(deps, memberOf(r), r.body, auditContextOf(r))),
    removeMember: async (r) => {
      await removeMember(deps, memberOf(r), auditContextOf(r));
      return noContent();
    },
    listInvitations: async (r) => json({ data: await listInvitations(deps, tenantOf(r)) }),
    createInvitation: async (r) => json(await createInvitation(deps, tenantOf(r), r.body, auditContextOf(r)), 201),
    revokeInvitation: async (r) => {
      await revokeInvitation(deps, invitationOf(r), auditContextOf(r));
      return noContent();
    },
    acceptInvitation: async (r) => json(await acceptInvitation(deps, r.body, clientOf(r)), 201),
    requestPasswordReset: async (r) => {
      await requestPasswordReset(deps, r.body.email, clientOf(r));
      return accepted();
    },
    confirmPasswordReset: async (r) => {
      await confirmPasswordReset(deps, r.body, clientOf(r));
      return noContent();
    },
    requestSignInLink: async (r) => {
      await requestSignInLink(deps, r.body.email, clientOf(r));
      return accepted();
    },
    confirmSignInLink: async (r) => json(await confirmSignInLink(deps, r.body, clientOf(r)), 201),
    startTotpEnrollment: async (r) =>
      json(await startTotpEnrollment(deps, { ...tenantOf(r), ...auditContextOf(r), sessionId: r.sessionId ?? null }), 201),
    confirmTotpEnrollment: async (r) => json(await confirmTotpEnrollment(deps, { ...tenantOf(r), ...auditContextOf(r) }, r.body.code)),
    disableTotp: async (r) => {
      await disableTotp(deps, { ...tenantOf(r), ...auditContextOf(r) }, r.body);
      return noContent();
    },
    createOwner: async (r) => json(await createOwner(deps, { tenantId: String(r.params.tenantId) }, r.body, auditContextOf(r)), 201),
    listAuditLog: async (r) => json(await listAuditLog(deps, tenantOf(r), r.query)),
    exportAuditLog: async (r) => {
      const { lines, next } = await exportAuditLog(deps, tenantOf(r), r.query);
      const link = next ? { Link: `</audit-log/export?${next}>; rel="next"` } : undefined;
      return { status: 200, contentType: 'application/x-ndjson', headers: link, body: lines };
    },
    createTenant: async (r) => json(await createTenant(deps, r.body, auditContextOf(r)), 201),
    listTenants: async (r) => json(await listTenants(deps, r.query)),
    health: async () => json(await checkHealth(deps)),
    getOpenApiJson: async () => docs.openApiJson(),
    getOpenApiYaml: async () => docs.openApiYaml(),
    showDocs: async () => docs.page(),
    listGuides: async () => docs.guideIndex(),
    getGuide: async (r) => docs.guide(String(r.params.guide)),
    getDocsAsset: async (r) => docs.asset(String(r.params.file), r.query.v),
    readiness: async () => json(await checkReadiness(deps)),
    metrics: async () => ({ status: 200, contentType: METRICS_CONTENT_TYPE, body: await metrics.metrics() }),
  };
}
