import type { MailDeps } from './deps';
import { onceFor } from './idempotency';
import { reserveQuota, takeRateLimit } from './limits';
import { acceptMessage, checkInput, sendingIdentity, type SendInput } from './send-email';
import { parseMailbox } from './address';
import { AppError } from '@mailplane/contracts';

const sendResult = (m: { _id: string; status: string; kind: string; createdAt: Date }) => ({
  id: m._id,
  status: m.status,
  kind: m.kind,
  createdAt: m.createdAt.toISOString(),
});

/** POST /emails: rate limit, identity, idempotency, quota, then durably queued. */
export async function sendEmail(deps: MailDeps, tenantId: string, input: SendInput, idempotencyKey: string | undefined) {
  const rate = await takeRateLimit(deps, tenantId);
  const { from, to } = checkInput(input);
  const identity = await sendingIdentity(deps, tenantId, from.domain, input.identityId);
  const reply = await onceFor(deps, tenantId, idempotencyKey, input, async () => {
    const giveBack = await reserveQuota(deps, tenantId);
    try {
      return {
        status: 202,
        body: sendResult(await acceptMessage(deps, tenantId, identity, { ...input, recipient: to.address }, 'standard')),
      };
    } catch (err) {
      await giveBack();
      throw err;
    }
  });
  const headers: Record<string, string> = { ...rate.headers, ...(reply.replayed ? { 'Idempotent-Replayed': 'true' } : {}) };
  return { ...reply, headers };
}

/** POST /emails/test: a server-built message through the same pipeline, outside the quota. */
export async function sendTestEmail(deps: MailDeps, tenantId: string, input: { to: string; identityId?: string; subject?: string }) {
  const to = parseMailbox('to', input.to);
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
  const message = await acceptMessage(
    deps,
    tenantId,
    identity,
    {
      from: `Mailplane test <test@${identity.domain}>`,
      to: input.to,
      recipient: to.address,
      subject: input.subject ?? 'Mailplane test email',
      text: `This is a test email sent through Mailplane from ${identity.domain} at ${at}.\r\nIt was DKIM-signed with selector ${identity.selector}.\r\n`,
    },
    'test',
  );
  return { status: 202, body: sendResult(message) };
}
