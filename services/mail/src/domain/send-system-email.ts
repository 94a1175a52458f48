import type { SendEmailRequest } from '@mailplane/contracts';
import { acceptMessage, type AcceptedEmail } from './accept-message';
import type { Budget } from './budget';
import type { MailDeps } from './deps';
import { prepareSend } from './prepare-send';

/**
 * The platform's own mail (an invitation, a password reset, a sign-in link), handed over by the gateway as the system
 * sender: its identity, DKIM and delivery as any send's, but kind `system`. It takes no place in the sender tenant's
 * quota or send rate (the gateway's per-purpose budgets bound it, so one tenant's invitations cannot spend everyone's
 * resets), it is exempt from the sender's suppression list (an unsubscribe or a complaint must not stop an address's
 * resets), and it is never tracked and carries no List-Unsubscribe.
 */
export async function sendSystemEmail(
  deps: MailDeps,
  tenantId: string,
  input: SendEmailRequest,
  request: { budget?: Budget; requestId?: string },
): Promise<AcceptedEmail> {
  const prepared = await prepareSend(deps, tenantId, input);
  const recipients = { parsed: prepared.recipients, suppressed: new Set<string>() };
  const acceptance = {
    identity: prepared.identity,
    input,
    kind: 'system' as const,
    requestId: request.requestId,
    recipients,
    tracking: null,
  };
  // A fresh message id: it cannot already be stored.
  return (await acceptMessage(deps, tenantId, acceptance, request.budget)) as AcceptedEmail;
}
