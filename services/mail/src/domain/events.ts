import type { Envelope } from '@mailplane/contracts';
import { newEnvelope } from '@mailplane/runtime';
import type { MessageRecord } from '../data-access/messages-repo';

type Announced = Pick<MessageRecord, '_id' | 'tenantId' | 'kind' | 'identityId' | 'from' | 'to' | 'subject' | 'tags' | 'metadata'>;

export function messageEvent(message: Announced, type: string, at: Date, extra: Record<string, unknown> = {}): Envelope {
  return newEnvelope('event', type, at, {
    tenantId: message.tenantId,
    correlationId: message._id,
    data: {
      messageId: message._id,
      kind: message.kind,
      identityId: message.identityId,
      from: message.from,
      to: message.to,
      subject: message.subject,
      tags: message.tags,
      metadata: message.metadata,
      ...extra,
    },
  });
}
