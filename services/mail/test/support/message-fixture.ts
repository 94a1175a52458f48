import { newId } from '@mailplane/runtime';
import type { MessageRecord, MessageStatus } from '../../src/data-access/messages-repo';

const DAY_MS = 24 * 3600 * 1000;

/** A stored message as the accept path writes it (one recipient, a body in the blob store), in `status`. */
export const messageRecord = (now: Date, status: MessageStatus, extra: Partial<MessageRecord> = {}) =>
  ({
    _id: newId('msg', now.getTime()),
    tenantId: 'ten_a',
    kind: 'standard',
    status,
    identityId: 'idt_a',
    from: 'a@example.test',
    to: 'b@example.org',
    subject: 's',
    replyTo: null,
    headers: {},
    tags: [],
    metadata: {},
    createdAt: now,
    updatedAt: now,
    sentAt: null,
    attempts: [],
    nextAttemptAt: now,
    dispatchedAt: now,
    leaseUntil: null,
    pendingEvents: [],
    eventsPending: false,
    attachedFiles: [{ filename: 'a.txt', contentType: null, bytes: 3 }],
    bodyExpiresAt: new Date(now.getTime() + 30 * DAY_MS),
    bodyPurgedAt: null,
    ...extra,
  }) satisfies MessageRecord;

export const messageBody = {
  text: 'hello',
  html: null,
  attachments: [{ filename: 'a.txt', content: Buffer.from('abc').toString('base64') }],
};
