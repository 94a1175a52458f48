// Numbers the contract promises; openapi.yaml states them too (a test keeps them equal), so change both together.

export const PAGE = { defaultLimit: 20, maxLimit: 100, maxOffset: 10_000 } as const;

/** Upgrade charges up to this amount need no explicit consent. */
export const PRORATION_FLOOR_CENTS = 50;
export const FREE_PLAN_ID = 'free';

/** How long an Idempotency-Key of POST /emails is remembered, per tenant. */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 60 * 60;
/** Default send rate per tenant: `RateLimit-Policy: "send";q=100;w=1` (each email of a batch counts). */
export const SEND_RATE_LIMIT = { policy: 'send', quota: 100, windowSeconds: 1 } as const;
export const MAX_BATCH_EMAILS = 100;
/** Recipients of one message: `to`, `cc` and `bcc` together (the envelope's RCPT TO over SMTP). */
export const MAX_RECIPIENTS = 50;

export const MAX_ATTACHMENTS = 10;
/** Total decoded attachment size per message. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const DEFAULT_DKIM_SELECTOR = 'mp1';
export const TEST_EMAIL_SUBJECT = 'Mailplane test email';

/** Headers the platform sets itself; a send request may not set them (case-insensitive). */
export const RESERVED_HEADERS = [
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'reply-to',
  'sender',
  'date',
  'message-id',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
  'dkim-signature',
  'list-unsubscribe',
  'list-unsubscribe-post',
  'return-path',
  'received',
  'received-spf',
  'authentication-results',
] as const;

/** Header families a hop adds (`Resent-*` RFC 5322 §3.6.6, `ARC-*` RFC 8617, `X-Mailplane-*`): a tenant's would pose as one. */
export const RESERVED_HEADER_PREFIXES = ['resent-', 'arc-', 'x-mailplane-'] as const;

export function isReservedHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return (RESERVED_HEADERS as readonly string[]).includes(lower) || RESERVED_HEADER_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/** An unsubscribe token is honoured this long after the message was sent. */
export const UNSUBSCRIBE_TOKEN_TTL_DAYS = 60;

/** Hub-Signature timestamps further than this from the receiver's clock are refused. */
export const HUB_SIGNATURE_TOLERANCE_SECONDS = 300;

export const WEBHOOK_DELIVERY = {
  timeoutMs: 15_000,
  /** Delays after the first attempt, before jitter. */
  retryScheduleSeconds: [5, 300, 1_800, 7_200, 18_000, 36_000, 50_400, 72_000, 86_400],
  /** After a rotation the previous secret keeps signing this long. */
  previousSecretSeconds: 24 * 60 * 60,
  secretBytes: 32,
  secretPrefix: 'whsec_',
} as const;

/** Checked on the raw text before parsing; the deepest legitimate body (a send with attachments) nests 3 levels, under 200 members. */
export const BODY_SHAPE_LIMITS = {
  maxDepth: 32,
  /** Object members and array elements, counted over the whole body (form fields for form bodies). */
  maxMembers: 2_000,
} as const;
