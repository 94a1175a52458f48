import type { SubmittedEmail } from '@mailplane/contracts';
import type { Budget } from './budget';
import type { MailDeps } from './deps';
import { sendEmail } from './send-email';

// Apart from the API's Idempotency-Keys, whatever a client sends in that header.
const keyOf = (messageId: string) => `smtp message-id ${messageId}`;

/** The Message-ID is kept and is the idempotency key, so a client retrying after a lost answer is accepted once, answered alike. */
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
