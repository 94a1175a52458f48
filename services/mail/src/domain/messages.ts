import { detectMimeType } from 'nodemailer/lib/mime-funcs/mime-types';
import { pageOf, timeRange } from '@mailplane/runtime';
import { AppError } from '@mailplane/contracts';
import type { EngagementRecord } from '../tracking/data-access/engagement-repo';
import type { AttachedFile, MessageBody, MessageQuery, MessageRecord, MessageStatus } from '../data-access/messages-repo';
import { describeAttachments, loadBody } from './bodies';
import { recipientsOf, recipientView } from './recipients';
import type { MailDeps } from './deps';
import { emailVisible, identityFilter } from './key-domain';

export function summaryView(m: MessageRecord) {
  return {
    id: m._id,
    kind: m.kind,
    status: m.status,
    identityId: m.identityId,
    from: m.from,
    to: m.to,
    subject: m.subject,
    tags: m.tags,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
    scheduledAt: m.scheduledAt?.toISOString() ?? null,
  };
}

/** Attachments as sent: a type the sender left out is the one the renderer guessed from the file name. */
const fileView = (f: AttachedFile) => ({ filename: f.filename, contentType: f.contentType ?? detectMimeType(f.filename), size: f.bytes });

/** What was sent, described: attachments by name, type and size, never their bytes. */
function bodyView(m: MessageRecord, body: MessageBody) {
  return {
    text: body.text,
    html: body.html,
    attachments: (m.attachedFiles ?? describeAttachments(body.attachments)).map(fileView),
    ...(body.variables ? { variables: body.variables } : {}),
  };
}

const iso = (at: Date | undefined) => at?.toISOString() ?? null;

const engagementView = (e: EngagementRecord | null) => ({
  opens: e?.opens ?? 0,
  machineOpens: e?.machineOpens ?? 0,
  clicks: e?.clicks ?? 0,
  machineClicks: e?.machineClicks ?? 0,
  firstOpenedAt: iso(e?.firstOpenedAt),
  lastOpenedAt: iso(e?.lastOpenedAt),
  firstClickedAt: iso(e?.firstClickedAt),
  lastClickedAt: iso(e?.lastClickedAt),
});

/** The message as GET /emails/{id} shows it: its body too while retention keeps it (null once purged). */
export function messageView(m: MessageRecord, body: MessageBody | null, engagement: EngagementRecord | null = null) {
  return {
    ...summaryView(m),
    recipients: recipientsOf(m).map(recipientView),
    reports: (m.reports ?? []).map((r) => ({ ...r, at: r.at.toISOString() })),
    replyTo: m.replyTo,
    metadata: m.metadata,
    sentAt: m.sentAt?.toISOString() ?? null,
    attempts: m.attempts.map((a) => ({
      at: a.at.toISOString(),
      outcome: a.outcome,
      smtpCode: a.smtpCode,
      response: a.response,
      ...(a.nextAttemptAt ? { nextAttemptAt: a.nextAttemptAt.toISOString() } : {}),
    })),
    headers: m.headers,
    body: body ? bodyView(m, body) : null,
    bodyExpiresAt: m.bodyExpiresAt?.toISOString() ?? null,
    bodyPurgedAt: m.bodyPurgedAt?.toISOString() ?? null,
    template: m.template ?? null,
    tracking: { opens: m.tracking?.opens ?? false, clicks: m.tracking?.clicks ?? false },
    engagement: engagementView(engagement),
  };
}

export interface ListQuery {
  identityId?: string;
  status?: MessageStatus;
  recipient?: string;
  q?: string;
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/** The tenant's messages; for a key restricted to a domain, only those of its identity, whatever `identityId` asks. */
export async function listMessages(deps: MailDeps, tenantId: string, query: ListQuery, keyDomain: string | null = null) {
  const identityId = await identityFilter(deps, tenantId, query.identityId, keyDomain);
  const filter: MessageQuery = {
    identityId,
    status: query.status,
    recipient: query.recipient,
    q: query.q,
    ...timeRange(query),
  };
  const page = { limit: query.limit, offset: query.offset };
  return pageOf(page, deps.messages.list(tenantId, filter, page), deps.messages.count(tenantId, filter), summaryView);
}

export async function getMessage(deps: MailDeps, tenantId: string, id: string, keyDomain: string | null = null) {
  const record = await deps.messages.byId(tenantId, id);
  if (!record || !(await emailVisible(deps, record, keyDomain))) throw new AppError('not_found', `No email ${id}`);
  const [body, engagement] = await Promise.all([loadBody(deps, record), deps.engagement.byMessage(tenantId, id)]);
  return messageView(record, body, engagement);
}
