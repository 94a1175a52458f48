import { AppError, type ErrorCode } from '@mailplane/contracts';
import type { Submitted } from '../domain/submit-message';
import { refuse, SmtpRefusal } from '../domain/refusal';

type Reply = [code: number, enhanced: string, text: (err: AppError) => string];

const FIELDS: Record<string, string> = {
  from: 'From',
  to: 'To',
  cc: 'Cc',
  bcc: 'Recipient',
  subject: 'Subject',
  replyTo: 'Reply-To',
  text: 'Text part',
  html: 'HTML part',
  headers: 'Header',
  attachments: 'Attachments',
  tags: 'X-Mailplane-Tags',
  scheduledAt: 'X-Mailplane-Scheduled-At',
};

/** `/body/headers/X-Foo` → `Header X-Foo`; `/body/to/1` → `To`. */
function fieldOf(path: string): string {
  const [, field = '', name] = path.replace(/^\/body/, '').split('/');
  const shown = FIELDS[field] ?? (field || 'Message');
  return field === 'headers' && name ? `${shown} ${name}` : shown;
}

const detailed = (err: AppError) => {
  const errors = (err.extra?.errors as { path: string; message: string }[] | undefined) ?? [];
  const named = errors.map((e) => `${fieldOf(e.path)} ${e.message}`).join('; ');
  return named ? `${err.detail ?? err.message} ${named}` : (err.detail ?? err.message);
};
const retryIn = (err: AppError) => (err.headers?.['Retry-After'] ? ` Try again in ${err.headers['Retry-After']} s.` : ' Try again.');
const tooBig = (err: AppError) =>
  (err.extra?.errors as { path: string }[] | undefined)?.some((e) => /^\/body\/attachments\/?$/.test(e.path));

export type AcceptPathCode = Extract<
  ErrorCode,
  | 'validation_failed'
  | 'unsafe_display_name'
  | 'identity_unverified'
  | 'from_domain_mismatch'
  | 'key_domain_mismatch'
  | 'sending_paused'
  | 'tracking_domain_unverified'
  | 'quota_exceeded'
  | 'rate_limited'
  | 'idempotency_key_in_flight'
  | 'idempotency_key_reused'
  | 'payload_too_large'
  | 'service_busy'
  | 'service_unavailable'
  | 'service_timeout'
  | 'outcome_unknown'
  | 'internal'
  | 'not_ready'
>;

/** 5xx for what a client must not retry, 4xx for what it should (docs/decisions/smtp-submission.md has the same table). */
export const REPLIES: Record<AcceptPathCode, Reply> = {
  validation_failed: [550, '5.6.0', detailed],
  unsafe_display_name: [550, '5.7.1', detailed],
  identity_unverified: [550, '5.7.1', (e) => `${e.detail} The From domain must be a verified identity of the key's tenant.`],
  from_domain_mismatch: [550, '5.7.1', detailed],
  key_domain_mismatch: [550, '5.7.1', detailed],
  // The tenant's bounce or complaint rate paused its sending: no retry helps until an operator resumes it.
  sending_paused: [554, '5.7.1', detailed],
  // The identity tracks by default, and nothing may carry its links yet: the tenant must fix the identity first.
  tracking_domain_unverified: [550, '5.7.1', detailed],
  quota_exceeded: [550, '5.4.5', (e) => `Quota exceeded: ${e.detail}`],
  rate_limited: [451, '4.7.1', (e) => `Rate limit reached: ${e.detail}${retryIn(e)}`],
  idempotency_key_in_flight: [451, '4.3.0', (e) => `A message with this Message-ID is being accepted now.${retryIn(e)}`],
  idempotency_key_reused: [
    550,
    '5.6.0',
    () => 'This Message-ID was used for a different message in the last 24 h; give it a Message-ID of its own',
  ],
  payload_too_large: [552, '5.3.4', detailed],
  service_busy: [451, '4.3.2', (e) => `Too busy to take the message now; nothing was done.${retryIn(e)}`],
  service_unavailable: [451, '4.3.0', () => 'The platform cannot take the message now; nothing was done; try again'],
  service_timeout: [451, '4.3.0', () => 'The platform did not answer in time; try again with the same Message-ID'],
  outcome_unknown: [
    451,
    '4.3.0',
    () => 'The answer was lost: the message may have been accepted; resend it with the same Message-ID to know',
  ],
  internal: [451, '4.3.0', () => 'Internal error; try again'],
  not_ready: [451, '4.3.0', () => 'Not ready; try again'],
};

/** Anything unforeseen is a temporary failure, so the client retries. */
export function refusalFor(err: unknown): SmtpRefusal {
  if (err instanceof SmtpRefusal) return err;
  if (!(err instanceof AppError)) return refuse(451, '4.3.0', 'Internal error; try again');
  if (err.code === 'validation_failed' && tooBig(err)) return refuse(552, '5.3.4', detailed(err));
  const fallback: Reply = err.status >= 500 ? [451, '4.3.0', detailed] : [554, '5.0.0', detailed];
  const [code, enhanced, text] = REPLIES[err.code as AcceptPathCode] ?? fallback;
  return refuse(code, enhanced, text(err));
}

export function acceptedText(sent: Submitted): string {
  if (sent.replayed) return `2.0.0 Already accepted as ${sent.id} (same Message-ID within 24 h); not sent again`;
  if (sent.status === 'scheduled') return `2.0.0 Ok: scheduled as ${sent.id} for ${sent.scheduledAt}`;
  if (sent.status === 'suppressed') return `2.0.0 Ok: accepted as ${sent.id}, suppressed: every recipient is on the suppression list`;
  return `2.0.0 Ok: queued as ${sent.id}`;
}
