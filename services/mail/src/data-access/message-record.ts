import type { Envelope, MessageKind, MessageStatus, Tag } from '@mailplane/contracts';
import type { CarriesEvents } from '@mailplane/store';

export type { MessageKind, MessageStatus };

/** A message leaves these statuses never: only they may lose their body, or their record, to retention. */
export const FINAL_STATUSES: MessageStatus[] = ['sent', 'failed', 'suppressed', 'canceled', 'bounced', 'complained'];
export const NOT_FINAL_STATUSES: MessageStatus[] = ['scheduled', 'queued', 'sending', 'deferred'];

export interface Attempt {
  at: Date;
  outcome: 'sent' | 'deferred' | 'failed';
  smtpCode: number | null;
  response: string;
  nextAttemptAt?: Date;
}

export interface StoredReport {
  kind: 'bounce' | 'delay' | 'complaint';
  at: Date;
  recipient: string;
  status: string | null;
  diagnostic: string | null;
}

export interface RecipientState {
  address: string;
  name: string | null;
  kind: 'to' | 'cc' | 'bcc';
  status: 'pending' | 'sent' | 'failed' | 'suppressed' | 'canceled';
  smtpCode: number | null;
  response: string | null;
}

/** Kept in the blob store under the message id; read only to build the MIME message. */
export interface MessageBody {
  text: string | null;
  html: string | null;
  attachments: { filename: string; content: string; contentType?: string; contentId?: string }[];
  variables?: Record<string, unknown>;
}

export interface AttachedFile {
  filename: string;
  contentType: string | null;
  bytes: number;
}

/** Records stored before bodies moved to the blob store carry the body inline and none of the body fields. */
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
  requestId?: string | null;
  traceparent?: string;
  /** When the message is next due for a delivery attempt; while `scheduled`, its scheduled time. */
  nextAttemptAt: Date;
  /** Every recipient with its state; absent on messages stored before multi-recipient sends (their one `to`). */
  recipients?: RecipientState[];
  recipientAddresses?: string[];
  reports?: StoredReport[];
  cc?: string[];
  scheduledAt?: Date | null;
  dispatchedAt: Date | null;
  /** Set while a replica's dispatch is unconfirmed (accept, release, retry): if that replica dies, its recent dispatches go again. */
  dispatchedBy?: string | null;
  leaseUntil: Date | null;
  attachedFiles?: AttachedFile[];
  bodyExpiresAt?: Date;
  /** When retention deleted the body: the message can be listed and read, no longer relayed or shown. */
  bodyPurgedAt?: Date | null;
  template?: { id: string; alias: string | null; version: number } | null;
  tracking?: { opens: boolean; clicks: boolean; baseUrl: string } | null;
  /** True when no endpoint of its tenant listened for an `email.*` event as it was accepted: its outcomes go unpublished. */
  silent?: boolean;
}

export type AttemptChange = Pick<
  MessageRecord,
  'status' | 'updatedAt' | 'leaseUntil' | 'sentAt' | 'nextAttemptAt' | 'dispatchedAt' | 'pendingEvents' | 'eventsPending' | 'recipients'
>;
