import { AppError, TEST_EMAIL_SUBJECT } from '@mailplane/contracts';
import { acceptMessage, type AcceptedEmail } from './accept-message';
import type { MailDeps } from './deps';
import { assertSendingAllowed } from './reputation/standing';
import { takeTestEmail, takeTestEmailRate } from './limits';
import { checkKeyDomain } from './prepare-send';
import { parseRecipients, resolveRecipients } from './recipients';

/** Outside the quota and send rate (the spec lists no 429 for it), so limits of its own: else a key could mail without limit. */
export async function sendTestEmail(
  deps: MailDeps,
  tenantId: string,
  input: { to: string; identityId?: string; subject?: string },
  requestId?: string,
  keyDomain: string | null = null,
) {
  await assertSendingAllowed(deps, tenantId);
  const rateLimit = await takeTestEmailRate(deps, tenantId);
  const parsed = parseRecipients({ to: input.to });
  const identity = input.identityId
    ? await deps.identities.byId(tenantId, input.identityId)
    : keyDomain
      ? await deps.identities.byDomain(tenantId, keyDomain)
      : await deps.identities.firstVerified(tenantId);
  if (identity) checkKeyDomain(keyDomain, identity.domain);
  if (!identity || identity.status !== 'verified') {
    throw new AppError(
      'identity_unverified',
      input.identityId
        ? `Identity ${input.identityId} is missing or not verified.`
        : 'The tenant has no verified identity to send a test from.',
    );
  }
  const giveBack = await takeTestEmail(deps, tenantId);
  const at = deps.clock.now().toISOString();
  const email = {
    from: `Mailplane test <test@${identity.domain}>`,
    to: input.to,
    subject: input.subject ?? TEST_EMAIL_SUBJECT,
    text: `This is a test email sent through Mailplane from ${identity.domain} at ${at}.\r\nIt was DKIM-signed with selector ${identity.selector}.\r\n`,
  };
  try {
    const recipients = await resolveRecipients(deps, tenantId, parsed);
    // A fresh message id: it cannot already be stored.
    const accepted = await acceptMessage(deps, tenantId, { identity, input: email, kind: 'test', requestId, recipients });
    return { email: accepted as AcceptedEmail, rateLimit };
  } catch (err) {
    await giveBack();
    throw err;
  }
}
