// Sending and message shapes of the HTTP API, kept equal to openapi.yaml (test/types.test.ts).

export type MessageStatus = 'queued' | 'sending' | 'deferred' | 'sent' | 'failed' | 'suppressed';
export type MessageKind = 'standard' | 'test';

export interface Tag {
  name: string;
  value: string;
}

export interface Attachment {
  filename: string;
  /** base64 */
  content: string;
  contentType?: string;
}

/** Body of POST /emails. At least one of `text` (not empty) and `html`; `text: ""` with `html` opts out of the derived plain-text part. */
export interface SendEmailRequest {
  from: string;
  to: string;
  subject: string;
  text?: string;
  html?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  tags?: Tag[];
  metadata?: Record<string, string>;
  attachments?: Attachment[];
  identityId?: string;
}

/** Body of POST /emails/test. */
export interface SendTestEmailRequest {
  to: string;
  identityId?: string;
  subject?: string;
}

/** 202 answer of POST /emails and POST /emails/test. */
export interface SendResult {
  id: string;
  status: 'queued' | 'suppressed';
  kind: MessageKind;
  createdAt: string;
}

/** A message as listed by GET /emails. */
export interface EmailSummary {
  id: string;
  kind: MessageKind;
  status: MessageStatus;
  identityId: string;
  from: string;
  to: string;
  subject: string;
  tags: Tag[];
  createdAt: string;
  updatedAt: string;
}

export interface DeliveryAttempt {
  at: string;
  outcome: 'sent' | 'deferred' | 'failed';
  /** null when there was no SMTP reply (connection error). */
  smtpCode: number | null;
  response: string;
  nextAttemptAt?: string;
}

/** An attachment as reads describe it, without its bytes. */
export interface AttachedFile {
  filename: string;
  contentType: string;
  /** Bytes after base64 decoding. */
  size: number;
}

/** The body as sent, while retained: `text` null when derived from the HTML, `""` when the sender opted out. */
export interface EmailBody {
  text: string | null;
  html: string | null;
  attachments: AttachedFile[];
}

/** GET /emails/{id}. */
export interface Email extends EmailSummary {
  replyTo: string | null;
  metadata: Record<string, string>;
  sentAt: string | null;
  attempts: DeliveryAttempt[];
  headers: Record<string, string>;
  /** Null once retention deleted it. */
  body: EmailBody | null;
  bodyExpiresAt: string | null;
  bodyPurgedAt: string | null;
}
