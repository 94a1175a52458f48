import type { SendEmailRequest } from '@mailplane/contracts';
import { acceptMessage, type AcceptedEmail } from './accept-message';
import type { Budget } from './budget';
import type { MailDeps } from './deps';
import { prepareSend } from './prepare-send';

/**
 * Outside the tenant's quota and send rate (the gateway's per-purpose budgets bound it) and its suppression list (an unsubscribe
 * must not stop an address's resets); never tracked (docs/decisions/system-mail-and-member-links.md).
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
