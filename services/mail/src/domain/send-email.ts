import type { SendEmailRequest } from '@mailplane/contracts';
import { acceptedAs, acceptMessage, type AcceptedEmail } from './accept-message';
import { UNBOUNDED, type Budget } from './budget';
import type { MailDeps } from './deps';
import { assertSendingAllowed } from './reputation/standing';
import { onceFor } from './idempotency';
import { reserveQuota, takeRateLimit } from './limits';
import { prepareSend, resolveSend } from './prepare-send';
import { quotaUnits } from './recipients';

/** POST /emails: rate limit, identity, idempotency, quota, then durably queued (only while the caller still waits). */
export async function sendEmail(
  deps: MailDeps,
  tenantId: string,
  input: SendEmailRequest,
  request: { idempotencyKey?: string; budget?: Budget; requestId?: string; messageIdHeader?: string; keyDomain?: string | null } = {},
) {
  const budget = request.budget ?? UNBOUNDED;
  await assertSendingAllowed(deps, tenantId);
  const rateLimit = await takeRateLimit(deps, tenantId);
  const prepared = await prepareSend(deps, tenantId, input, '/body', request.keyDomain ?? null);
  const stored = async (messageId: string) => {
    const message = await deps.messages.byId(tenantId, messageId);
    return message ? acceptedAs(message) : null;
  };
  const perform = async (messageId: string): Promise<AcceptedEmail> => {
    // Decided here, not with the rest: a replay of a scheduled send gets its 202 even once the time has passed.
    const decided = await resolveSend(deps, tenantId, prepared);
    const tenant = await deps.entitlements.byTenant(tenantId);
    const giveBack = await reserveQuota(deps, tenantId, quotaUnits(decided.recipients), tenant);
    let email: AcceptedEmail | null;
    try {
      email = await acceptMessage(
        deps,
        tenantId,
        {
          identity: prepared.identity,
          kind: 'standard',
          messageId,
          messageIdHeader: request.messageIdHeader,
          requestId: request.requestId,
          tenant,
          ...decided,
        },
        budget,
      );
    } catch (err) {
      await giveBack();
      throw err;
    }
    if (email) return email;
    // A request with the same key stored it first: its acceptance is ours, its quota too.
    await giveBack();
    return (await stored(messageId)) as AcceptedEmail;
  };
  const key = { tenantId, rawKey: request.idempotencyKey, body: input, budget };
  const { outcome: email, replayed } = await onceFor(deps, key, { perform, stored });
  return { email, replayed, rateLimit };
}
