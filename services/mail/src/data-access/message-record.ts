import type { Envelope, MessageKind, MessageStatus, Tag } from '@mailplane/contracts';
import type { CarriesEvents } from '@mailplane/store';

export type { MessageKind, MessageStatus };

/** A message leaves these statuses never: only they may lose their body, or their record, to retention. */
export const FINAL_STATUSES: MessageStatus[] = ['sent', 'failed', 'suppressed', 'canceled', 'bounced', 'complained'];
/** Every other status: a message in one of these has a delivery or a release still ahead. */
export const NOT_FINAL_STATUSES: MessageStatus[] = ['scheduled', 'queued', 'sending', 'deferred'];

export interface Attempt {
  at: Date;
  outcome: 'sent' | 'deferred' | 'failed';
  smtpCode: number | null;
  response: string;
  nextAttemptAt?: Date;
}

/** A delivery report or complaint received about the message after it was sent. */
export interface StoredReport {
  kind: 'bounce' | 'delay' | 'complaint';
  at: Date;
  recipient: string;
  status: string | null;
  diagnostic: string | null;
}

/** One recipient of a message and where its delivery stands; `pending` until accepted or refused for good. */
export interface RecipientState {
  address: string;
  name: string | null;
  kind: 'to' | 'cc' | 'bcc';
  status: 'pending' | 'sent' | 'failed' | 'suppressed' | 'canceled';
  smtpCode: number | null;
  response: string | null;
}

/** What the sender wrote; kept in the blob store under the message id, read only to build the MIME message. */
export interface MessageBody {
  text: string | null;
  html: string | null;
  attachments: { filename: string; content: string; contentType?: string; contentId?: string }[];
  /** With a template: the variables it was rendered with; they live and go with the body. */
  variables?: Record<string, unknown>;
}

/** An attachment as lists and reads show it, without its bytes. */
export interface AttachedFile {
  filename: string;
  contentType: string | null;
  bytes: number;
}

/**
 * `pendingEvents`: events written with a status change and not yet confirmed by the broker (transactional outbox).
 * Records written before bodies moved to the blob store carry the body inline and none of the body fields.
 */
export interface MessageRecord extends Partial<MessageBody>, CarriesEvents<Envelope> {
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
  /** The Message-ID it was submitted with over SMTP, kept in place of `<id@domain>`; absent otherwise. */
  messageIdHeader?: string;
  /** The API request that accepted it: carried on every broker message about it, so each log line names it. */
  requestId?: string | null;
  /** The trace of that request (when tracing is on): a release by the sweeper continues it. */
  traceparent?: string;
  /** When the message is next due for a delivery attempt; while `scheduled`, its scheduled time. */
  nextAttemptAt: Date;
  /** Every recipient with its state; absent on messages stored before multi-recipient sends (their one `to`). */
  recipients?: RecipientState[];
  /** The recipients' addresses, lowercased, for the `recipient=` filter. */
  recipientAddresses?: string[];
  /** Reports received on its return path, oldest first. */
  reports?: StoredReport[];
  /** The Cc header's mailboxes as given. */
  cc?: string[];
  /** The time it was accepted (or rescheduled) for; null or absent for a message sent at once. */
  scheduledAt?: Date | null;
  /** Last time it was put on the outbox queue; null until the broker confirmed the first time. */
  dispatchedAt: Date | null;
  /**
   * The replica that wrote `dispatchedAt` before the broker confirmed the work item (accept, release, retry); null
   * once a sweep's dispatch was confirmed. When that replica dies, its recent dispatches are sent again.
   */
  dispatchedBy?: string | null;
  /** A worker holds the message until then; after it a crashed worker's message is picked up again. */
  leaseUntil: Date | null;
  attachedFiles?: AttachedFile[];
  /** From then on retention may delete the body of a message in a final status; fixed at acceptance by the tenant's plan. */
  bodyExpiresAt?: Date;
  /** When retention deleted the body: the message can be listed and read, no longer relayed or shown. */
  bodyPurgedAt?: Date | null;
  /** The template version it was rendered from; null or absent for a message sent with its own content. */
  template?: { id: string; alias: string | null; version: number } | null;
  /** Open and click tracking, decided at acceptance; null or absent when neither is on. */
  tracking?: { opens: boolean; clicks: boolean; baseUrl: string } | null;
  /** True when no endpoint of its tenant listened for an `email.*` event as it was accepted: its outcomes go unpublished. */
  silent?: boolean;
}

/** What recording an attempt changes besides appending it. */
export type AttemptChange = Pick<
  MessageRecord,
  'status' | 'updatedAt' | 'leaseUntil' | 'sentAt' | 'nextAttemptAt' | 'dispatchedAt' | 'pendingEvents' | 'eventsPending' | 'recipients'
>;
