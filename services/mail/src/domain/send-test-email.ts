import { AppError } from '@mailplane/contracts';
import { acceptMessage, type AcceptedEmail } from './accept-message';
import type { MailDeps } from './deps';

/** POST /emails/test: a server-built message through the same pipeline, outside the quota. */
export async function sendTestEmail(
  deps: MailDeps,
  tenantId: string,
  input: { to: string; identityId?: string; subject?: string },
  requestId?: string,
) {
  const identity = input.identityId
    ? await deps.identities.byId(tenantId, input.identityId)
    : await deps.identities.firstVerified(tenantId);
  if (!identity || identity.status !== 'verified') {
    throw new AppError(
      'identity_unverified',
      input.identityId
        ? `Identity ${input.identityId} is missing or not verified.`
        : 'The tenant has no verified identity to send a test from.',
    );
  }
  const at = deps.clock.now().toISOString();
  // A fresh message id: it cannot already be stored.
  const email = {
    from: `Mailplane test <test@${identity.domain}>`,
    to: input.to,
    subject: input.subject ?? 'Mailplane test email',
    text: `This is a test email sent through Mailplane from ${identity.domain} at ${at}.\r\nIt was DKIM-signed with selector ${identity.selector}.\r\n`,
  };
  return (await acceptMessage(deps, tenantId, { identity, input: email, kind: 'test', requestId })) as AcceptedEmail;
}
