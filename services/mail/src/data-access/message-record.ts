import type { Envelope, MessageKind, MessageStatus, Tag } from '@mailplane/contracts';
import type { CarriesEvents } from '@mailplane/store';

export type { MessageKind, MessageStatus };

export interface Attempt {
  at: Date;
  outcome: 'sent' | 'deferred' | 'failed';
  smtpCode: number | null;
  response: string;
  nextAttemptAt?: Date;
}

/** What the sender wrote; read only to build the MIME message (the job maker). */
export interface MessageBody {
  text: string | null;
  html: string | null;
  attachments: { filename: string; content: string; contentType?: string }[];
}

/** `pendingEvents`: events written with a status change and not yet confirmed by the broker (transactional outbox). */
export interface MessageRecord extends MessageBody, CarriesEvents<Envelope> {
  _id: string;
  tenantId: string;
  kind: MessageKind;
  status: MessageStatus;
  identityId: string;
  from: string;
  to: string;
  subject: string;
  replyTo: string | null;
  headers: Record<string, string>;
  tags: Tag[];
  metadata: Record<string, string>;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
  attempts: Attempt[];
  /** When the message is next due for a delivery attempt. */
  nextAttemptAt: Date;
  /** Last time it was put on the outbox queue; null until the broker confirmed the first time. */
  dispatchedAt: Date | null;
  /** A worker holds the message until then; after it a crashed worker's message is picked up again. */
  leaseUntil: Date | null;
}

/** What recording an attempt changes besides appending it. */
export type AttemptChange = Pick<
  MessageRecord,
  'status' | 'updatedAt' | 'leaseUntil' | 'sentAt' | 'nextAttemptAt' | 'dispatchedAt' | 'pendingEvents' | 'eventsPending'
>;
