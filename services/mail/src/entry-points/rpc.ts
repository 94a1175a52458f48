import {
  MONTHLY_USAGE_OPERATION,
  NARROW_LISTENERS_OPERATION,
  WIDEN_LISTENERS_OPERATION,
  type EventListeners,
  SEND_SYSTEM_EMAIL_OPERATION,
  SUBMIT_EMAIL_OPERATION,
  type MailOperations,
  type RpcRequest,
  type SendEmailRequest,
  type SubmittedEmail,
} from '@mailplane/contracts';
import { auditContextOf, json, noContent, type HandlersOf, type OperationHandler } from '@mailplane/runtime';
import type { MailDeps } from '../domain/deps';
import { createIdentity, deleteIdentity, getIdentity, identityView, listIdentities, verifyIdentity } from '../domain/identities';
import { narrowListeners, widenListeners } from '../domain/event-listeners';
import { rateLimitHeaders } from '../domain/limits';
import { usageWithInbound } from '../domain/inbound/usage';
import { checkEmailVisible } from '../domain/key-domain';
import { getMessage, listMessages } from '../domain/messages';
import { cancelEmail, rescheduleEmail } from '../domain/scheduling/change-schedule';
import { sendEmailBatch } from '../domain/send-batch';
import { sendEmail } from '../domain/send-email';
import { sendSystemEmail } from '../domain/send-system-email';
import { sendTestEmail } from '../domain/send-test-email';
import { submitEmail } from '../domain/submit-email';
import { dailyStats } from '../domain/stats';
import { pauseSending, resumeSending } from '../domain/reputation/operator';
import { reputationView } from '../domain/reputation/view';
import { listSuppressions, removeSuppression, suppress, suppressionView } from '../domain/suppressions';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from '../templates/domain/templates';
import { getTemplateVersion, listTemplateVersions, publishTemplate } from '../templates/domain/versions';
import { renderTemplate } from '../templates/domain/render-template';
import { updateIdentity } from '../tracking/domain/identity-settings';
import { dkimAlgorithmIn } from '../domain/dkim-rotation/records';
import { cancelDkimRotation, rotateDkimKey } from '../domain/dkim-rotation/rotate';
import { followReply, openReply } from '../tracking/entry-points/tracking-replies';
import { unsubscribePageReply, unsubscribeReply } from '../unsubscribe/entry-points/unsubscribe-replies';
import { inboundHandlers } from './inbound-rpc';

// The gateway authenticated and validated these against the contract before forwarding.
const tenant = (r: RpcRequest) => r.tenantId as string;
const id = (r: RpcRequest) => String(r.params.id);
const trackingRequest = (r: RpcRequest) => ({ token: String(r.params.token), host: r.headers.host, userAgent: r.headers['user-agent'] });

/** Served over the broker to the platform's own processes, never routed by the gateway: not in the contract. */
type InternalHandlers = {
  /** The SMTP submission listener hands over a message it parsed and checked. */
  [SUBMIT_EMAIL_OPERATION]: OperationHandler<SubmittedEmail>;
  /** The gateway sends the platform's own mail as the system sender. */
  [SEND_SYSTEM_EMAIL_OPERATION]: OperationHandler<SendEmailRequest>;
  /** Billing asks for a tenant's usage this month. */
  [MONTHLY_USAGE_OPERATION]: OperationHandler<null>;
  /** The webhooks service says which event types a tenant's endpoints listen for. */
  [WIDEN_LISTENERS_OPERATION]: OperationHandler<EventListeners>;
  [NARROW_LISTENERS_OPERATION]: OperationHandler<EventListeners>;
};

export type MailHandlers = HandlersOf<MailOperations> & InternalHandlers;

export function mailHandlers(deps: MailDeps): MailHandlers {
  return {
    sendEmail: async (r, context) => {
      const sent = await sendEmail(deps, tenant(r), r.body, {
        idempotencyKey: r.headers['idempotency-key'],
        budget: context,
        requestId: r.requestId,
        keyDomain: r.keyDomain,
      });
      const headers = { ...rateLimitHeaders(sent.rateLimit), ...(sent.replayed ? { 'Idempotent-Replayed': 'true' } : {}) };
      return { ...json(sent.email, 202), headers };
    },
    sendEmailBatch: async (r, context) => {
      const sent = await sendEmailBatch(deps, tenant(r), r.body, {
        idempotencyKey: r.headers['idempotency-key'],
        budget: context,
        requestId: r.requestId,
        keyDomain: r.keyDomain,
      });
      const headers = { ...rateLimitHeaders(sent.rateLimit), ...(sent.replayed ? { 'Idempotent-Replayed': 'true' } : {}) };
      return { ...json({ data: sent.results }, 202), headers };
    },
    sendTestEmail: async (r) => {
      const sent = await sendTestEmail(deps, tenant(r), r.body, r.requestId, r.keyDomain);
      return { ...json(sent.email, 202), headers: rateLimitHeaders(sent.rateLimit) };
    },
    listEmails: async (r) => json(await listMessages(deps, tenant(r), r.query, r.keyDomain ?? null)),
    getEmail: async (r) => json(await getMessage(deps, tenant(r), id(r), r.keyDomain ?? null)),
    updateEmail: async (r) => {
      await checkEmailVisible(deps, tenant(r), id(r), r.keyDomain ?? null);
      return json(await rescheduleEmail(deps, tenant(r), id(r), r.body, auditContextOf(r)));
    },
    cancelEmail: async (r) => {
      await checkEmailVisible(deps, tenant(r), id(r), r.keyDomain ?? null);
      return json(await cancelEmail(deps, tenant(r), id(r), auditContextOf(r)));
    },
    getEmailStats: async (r) => json(await dailyStats(deps, tenant(r), Number(r.query.days ?? 30))),
    getReputation: async (r) => json(await reputationView(deps, tenant(r), r.keyDomain ?? null)),
    // The gateway checked the admin token and the tenant id's shape before forwarding.
    pauseSending: async (r) => json(await pauseSending(deps, String(r.params.tenantId), r.body, auditContextOf(r))),
    resumeSending: async (r) => json(await resumeSending(deps, String(r.params.tenantId), auditContextOf(r))),
    listIdentities: async (r) => json(await listIdentities(deps, tenant(r), r.query, r.keyDomain ?? null)),
    createIdentity: async (r) =>
      json(identityView(await createIdentity(deps, tenant(r), r.body, auditContextOf(r), r.keyDomain ?? null)), 201),
    getIdentity: async (r) => json(identityView(await getIdentity(deps, tenant(r), id(r), r.keyDomain ?? null))),
    verifyIdentity: async (r) => json(identityView(await verifyIdentity(deps, tenant(r), id(r), auditContextOf(r), r.keyDomain ?? null))),
    rotateDkimKey: async (r) =>
      json(identityView(await rotateDkimKey(deps, tenant(r), id(r), auditContextOf(r), r.keyDomain ?? null, r.body?.algorithm))),
    cancelDkimRotation: async (r) =>
      json(
        identityView(
          await cancelDkimRotation(deps, tenant(r), id(r), auditContextOf(r), r.keyDomain ?? null, dkimAlgorithmIn(r.query.algorithm)),
        ),
      ),
    updateIdentity: async (r) =>
      json(identityView(await updateIdentity(deps, tenant(r), id(r), r.body, auditContextOf(r), r.keyDomain ?? null))),
    deleteIdentity: async (r) => {
      await deleteIdentity(deps, tenant(r), id(r), auditContextOf(r), r.keyDomain ?? null);
      return noContent();
    },
    listSuppressions: async (r) => json(await listSuppressions(deps, tenant(r), r.query)),
    addSuppression: async (r) => {
      const { record, created } = await suppress(
        deps,
        tenant(r),
        { email: r.body.email, reason: r.body.reason ?? 'manual' },
        auditContextOf(r),
      );
      return json(suppressionView(record), created ? 201 : 200);
    },
    removeSuppression: async (r) => {
      await removeSuppression(deps, tenant(r), String(r.params.email), auditContextOf(r));
      return noContent();
    },
    listTemplates: async (r) => json(await listTemplates(deps, tenant(r), r.query)),
    createTemplate: async (r) => json(await createTemplate(deps, tenant(r), r.body, auditContextOf(r)), 201),
    getTemplate: async (r) => json(await getTemplate(deps, tenant(r), id(r))),
    updateTemplate: async (r) => json(await updateTemplate(deps, tenant(r), id(r), r.body, auditContextOf(r))),
    deleteTemplate: async (r) => {
      await deleteTemplate(deps, tenant(r), id(r), auditContextOf(r));
      return noContent();
    },
    publishTemplate: async (r) => json(await publishTemplate(deps, tenant(r), id(r), auditContextOf(r))),
    listTemplateVersions: async (r) => json(await listTemplateVersions(deps, tenant(r), id(r), r.query)),
    getTemplateVersion: async (r) => json(await getTemplateVersion(deps, tenant(r), id(r), Number(r.params.version))),
    renderTemplate: async (r) => json(await renderTemplate(deps, tenant(r), id(r), r.body ?? {})),
    followTrackedLink: async (r) => followReply(deps, trackingRequest(r)),
    trackOpen: async (r) => openReply(deps, trackingRequest(r)),
    showUnsubscribePage: async (r) => unsubscribePageReply(deps, String(r.query.token), r.headers.accept),
    // Internal: the SMTP submission listener hands over a message it parsed; the gateway never routes it.
    [SUBMIT_EMAIL_OPERATION]: async (r, context) => {
      const sent = await submitEmail(deps, tenant(r), r.body, { budget: context, requestId: r.requestId, keyDomain: r.keyDomain });
      const headers: Record<string, string> = sent.replayed ? { 'Idempotent-Replayed': 'true' } : {};
      return { ...json(sent.email, 202), headers };
    },
    // Internal: the gateway sends an invitation, a reset or a sign-in link; it never routes this operation.
    [SEND_SYSTEM_EMAIL_OPERATION]: async (r, context) =>
      json(await sendSystemEmail(deps, tenant(r), r.body, { budget: context, requestId: r.requestId }), 202),
    // Internal: billing asks it over the broker for the billing state; the gateway never routes it.
    [MONTHLY_USAGE_OPERATION]: async (r) => json(await usageWithInbound(deps, tenant(r))),
    [WIDEN_LISTENERS_OPERATION]: async (r) => (await widenListeners(deps, tenant(r), r.body?.eventTypes), noContent()),
    [NARROW_LISTENERS_OPERATION]: async (r) => json(await narrowListeners(deps, tenant(r), r.body?.eventTypes)),
    unsubscribe: async (r) => {
      const tokens = { query: r.query.token, body: r.body?.token };
      return unsubscribeReply(deps, tokens, r.headers.accept);
    },
    ...inboundHandlers(deps),
  };
}
