// Hand-written TypeScript shapes of the HTTP API, kept equal to openapi.yaml (test/types.test.ts
// validates a sample of each against its schema). Times are RFC 3339 strings, money integer cents.
import type { ErrorCode } from './errors';

export * from './billing-types';
export * from './resource-types';

/** A page of a list: `{ data, total, limit, offset }`. */
export interface Page<T> {
  data: T[];
  total: number;
  limit: number;
  offset: number;
}

/** RFC 9457 problem body (application/problem+json). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  detail?: string;
  instance?: string;
  requestId: string;
  errors?: Array<{ path: string; message: string }>;
}

/** A `quota_exceeded` problem. */
export interface QuotaProblem extends Problem {
  limit: number;
  used: number;
  /** Start of the next calendar month, UTC. */
  resetAt: string;
}

export type Permission = 'full' | 'sending';

export interface CreateApiKeyRequest {
  name: string;
  permission?: Permission;
}

/** An API key without its secret. */
export interface ApiKey {
  id: string;
  name: string;
  permission: Permission;
  /** First 12 characters of the token; safe to show. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Returned once, at creation: `key` is the full token. */
export interface CreatedApiKey extends ApiKey {
  key: string;
}

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

/** Body of POST /emails. At least one of `text` and `html`. */
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

/** GET /emails/{id}. */
export interface Email extends EmailSummary {
  replyTo: string | null;
  metadata: Record<string, string>;
  sentAt: string | null;
  attempts: DeliveryAttempt[];
}
