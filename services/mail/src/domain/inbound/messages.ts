import { AppError } from '@mailplane/contracts';
import { pageOf } from '@mailplane/runtime';
import type { InboundMessageRecord, InboundQuery } from '../../data-access/inbound-messages-repo';
import type { MailDeps } from '../deps';
import { receivedData } from './event';
import { readStored } from './read';

export function summaryView(r: InboundMessageRecord) {
  return {
    id: r._id,
    routeId: r.routeId,
    action: r.action,
    recipient: r.recipient,
    recipients: r.recipients ?? [{ address: r.recipient, routeId: r.routeId, action: r.action }],
    from: r.from,
    subject: r.subject,
    receivedAt: r.receivedAt.toISOString(),
    inReplyToEmailId: r.inReplyToEmailId,
    attachmentCount: r.attachments.length,
  };
}

export async function listInbound(deps: MailDeps, tenantId: string, query: InboundQuery & { limit: number; offset: number }) {
  const { limit, offset, ...filter } = query;
  const page = { limit, offset };
  return pageOf(page, deps.inboundMessages.list(tenantId, filter, page), deps.inboundMessages.count(tenantId, filter), summaryView);
}

export async function getInbound(deps: MailDeps, tenantId: string, id: string) {
  const record = await deps.inboundMessages.byId(tenantId, id);
  if (!record) throw new AppError('not_found', `No received message ${id}`);
  const raw = record.bodyPurgedAt ? null : await deps.inboundBodies.load(id);
  const body = raw ? receivedData(deps, record, await readStored(deps, raw), deps.clock.now()) : null;
  return {
    ...summaryView(record),
    envelope: record.envelope,
    hops: record.hops,
    bodyPurgedAt: record.bodyPurgedAt?.toISOString() ?? null,
    body,
  };
}

/** A wrong signature and a purged body are the same 404, so a guesser learns nothing. */
export async function attachmentBytes(deps: MailDeps, id: string, index: number, link: { expires: number; signature: string }) {
  const missing = new AppError('not_found', 'No such attachment, or the link has expired.');
  if (!deps.attachmentLinks.valid(id, index, link.expires, link.signature, deps.clock.now())) throw missing;
  const record = await deps.inboundMessages.anyTenantById(id);
  const raw = record && !record.bodyPurgedAt ? await deps.inboundBodies.load(id) : null;
  const attachment = raw ? (await readStored(deps, raw)).attachments[index] : undefined;
  if (!attachment) throw missing;
  return { filename: attachment.filename ?? `attachment-${index}`, content: attachment.content };
}
