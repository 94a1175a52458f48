import type { EmailReceived, Envelope } from '@mailplane/contracts';
import { newEnvelope } from '@mailplane/runtime';
import type { InboundMessageRecord } from '../../data-access/inbound-messages-repo';
import type { MailDeps } from '../deps';
import type { ParsedInbound } from './parse';

/** What `email.received` carries, and GET /inbound/messages/{id} shows: the record and the parsed message, links fresh at `now`. */
export function receivedData(deps: MailDeps, record: InboundMessageRecord, parsed: ParsedInbound, now: Date): EmailReceived {
  const { attachments, ...fields } = parsed;
  return {
    inboundId: record._id,
    routeId: record.routeId,
    endpointId: null,
    receivedAt: record.receivedAt.toISOString(),
    envelope: record.envelope,
    recipient: record.recipient,
    ...fields,
    inReplyToEmailId: record.inReplyToEmailId,
    authentication: record.authentication,
    attachments: attachments.map((a, i) => ({
      filename: a.filename,
      contentType: a.contentType,
      size: a.size,
      contentId: a.contentId,
      ...deps.attachmentLinks.of(record._id, i, now),
    })),
    hops: record.hops,
    contentOmitted: false,
  };
}

function withinLimit(data: EmailReceived, limitBytes: number): EmailReceived {
  const bytes = Buffer.byteLength(data.text ?? '') + Buffer.byteLength(data.html ?? '');
  return bytes <= limitBytes ? data : { ...data, text: null, html: null, strippedText: null, contentOmitted: true };
}

/**
 * Text and HTML past `contentLimitBytes` stay out: the record, the broker and every delivery would carry megabytes a stranger
 * chose on the event loop that serves every tenant (GET /inbound/messages/{id} reads them from the stored bytes, on a thread).
 */
export function receivedEvent(
  record: InboundMessageRecord,
  data: EmailReceived,
  endpointId: string | null,
  contentLimitBytes: number,
): Envelope {
  return newEnvelope('event', 'email.received', record.receivedAt, {
    tenantId: record.tenantId,
    correlationId: record._id,
    data: { ...withinLimit(data, contentLimitBytes), endpointId },
  });
}
