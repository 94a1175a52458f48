import type { SubmittedEmail } from '@mailplane/contracts';
import type { Budget } from './budget';
import type { MailDeps } from './deps';
import { sendEmail } from './send-email';

// Apart from the API's Idempotency-Keys, whatever a client sends in that header.
const keyOf = (messageId: string) => `smtp message-id ${messageId}`;

/**
 * A message submitted over SMTP (parsed by the submission listener): exactly the accept path of POST /emails, its
 * Message-ID kept, and that Message-ID its idempotency key, so the same message submitted again within 24 h (a client
 * that retried after a lost answer) is accepted once and answered alike.
 */
export function submitEmail(
  deps: MailDeps,
  tenantId: string,
  submitted: SubmittedEmail,
  request: { budget?: Budget; requestId?: string; keyDomain?: string | null },
) {
  const messageId = submitted.messageId ?? undefined;
  return sendEmail(deps, tenantId, submitted.email, {
    ...request,
    idempotencyKey: messageId && keyOf(messageId),
    messageIdHeader: messageId,
  });
}
