import type { SendEmailRequest } from '@mailplane/contracts';
import { newId } from '@mailplane/runtime';
import { acceptedAs, acceptMessage, type AcceptedEmail, type Acceptance } from './accept-message';
import { UNBOUNDED, type Budget } from './budget';
import type { TenantRecord } from '../data-access/entitlements-repo';
import type { MailDeps } from './deps';
import { assertSendingAllowed } from './reputation/standing';
import { onceFor } from './idempotency';
import { takeRateAndQuota, takeRateLimit, withinQuota } from './limits';
import { prepareSend, resolveSend, type PreparedSend } from './prepare-send';
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
  if (request.idempotencyKey === undefined) {
    const sent = await sendWithBothTaken(deps, tenantId, input, request, budget);
    if (sent) return sent;
  }
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
    const accept = () => acceptMessage(deps, tenantId, acceptanceOf(prepared, decided, { messageId, tenant, ...request }), budget);
    const email = await withinQuota(deps, tenantId, quotaUnits(decided.recipients), tenant, accept);
    return email ?? ((await stored(messageId)) as AcceptedEmail);
  };
  const key = { tenantId, rawKey: request.idempotencyKey, body: input, budget };
  const { outcome: email, replayed } = await onceFor(deps, key, { perform, stored });
  return { email, replayed, rateLimit };
}

/** Every address the send names, valid or not: the most its quota count can be. */
const namedRecipients = (input: SendEmailRequest) =>
  [input.to, input.cc, input.bcc].reduce((n, list) => n + (list === undefined ? 0 : Array.isArray(list) ? list.length : 1), 0);

// Rate limit and a quota place per named recipient in one write, the unused given back. Null when the quota has no room
// for that many: sendEmail then takes each limit on its own and answers exactly.
async function sendWithBothTaken(
  deps: MailDeps,
  tenantId: string,
  input: SendEmailRequest,
  request: { budget?: Budget; requestId?: string; messageIdHeader?: string; keyDomain?: string | null },
  budget: Budget,
) {
  const tenant = await deps.entitlements.byTenant(tenantId);
  let units = Math.max(1, namedRecipients(input));
  const taken = await takeRateAndQuota(deps, tenantId, tenant, 1, units);
  if (!taken) return null;
  try {
    const prepared = await prepareSend(deps, tenantId, input, '/body', request.keyDomain ?? null);
    const decided = await resolveSend(deps, tenantId, prepared);
    const unused = units - quotaUnits(decided.recipients);
    if (unused > 0) {
      await taken.giveBack(unused);
      units -= unused;
    }
    const messageId = newId('msg', deps.clock.now().getTime());
    const acceptance = acceptanceOf(prepared, decided, { messageId, tenant, ...request });
    // A fresh id is never stored already, so acceptMessage answers it.
    const email = (await acceptMessage(deps, tenantId, acceptance, budget)) as AcceptedEmail;
    return { email, replayed: false, rateLimit: taken.rateLimit };
  } catch (err) {
    await taken.giveBack(units);
    throw err;
  }
}

const acceptanceOf = (
  prepared: PreparedSend,
  decided: Awaited<ReturnType<typeof resolveSend>>,
  under: { messageId: string; tenant: TenantRecord | null; messageIdHeader?: string; requestId?: string },
): Acceptance => ({
  identity: prepared.identity,
  kind: 'standard',
  messageId: under.messageId,
  messageIdHeader: under.messageIdHeader,
  requestId: under.requestId,
  tenant: under.tenant,
  ...decided,
});
