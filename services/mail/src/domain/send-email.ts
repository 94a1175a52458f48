import { AppError, MAX_ATTACHMENT_BYTES, type SendEmailRequest } from '@mailplane/contracts';
import type { IdentityRecord } from '../data-access/identities-repo';
import { acceptedAs, acceptMessage, type AcceptedEmail } from './accept-message';
import { parseMailbox } from './address';
import { parseRecipients, quotaUnits, resolveRecipients } from './recipients';
import { UNBOUNDED, type Budget } from './budget';
import type { MailDeps } from './deps';
import { onceFor } from './idempotency';
import { reserveQuota, takeRateLimit } from './limits';
import { scheduleTimeOf } from './scheduling/schedule-time';

/** POST /emails: rate limit, identity, idempotency, quota, then durably queued (only while the caller still waits). */
export async function sendEmail(
  deps: MailDeps,
  tenantId: string,
  input: SendEmailRequest,
  request: { idempotencyKey?: string; budget?: Budget; requestId?: string } = {},
) {
  const budget = request.budget ?? UNBOUNDED;
  const rateLimit = await takeRateLimit(deps, tenantId);
  const { from, recipients } = checkInput(input);
  const identity = await sendingIdentity(deps, tenantId, from.domain, input.identityId);
  const stored = async (messageId: string) => {
    const message = await deps.messages.byId(tenantId, messageId);
    return message ? acceptedAs(message) : null;
  };
  const perform = async (messageId: string): Promise<AcceptedEmail> => {
    // Checked here, not with the rest: a replay of a scheduled send gets its 202 even once the time has passed.
    const scheduledAt = scheduleTimeOf(input, deps.clock.now());
    const resolved = await resolveRecipients(deps, tenantId, recipients);
    const giveBack = await reserveQuota(deps, tenantId, quotaUnits(resolved));
    let email: AcceptedEmail | null;
    try {
      email = await acceptMessage(deps, tenantId, identity, input, 'standard', {
        messageId,
        budget,
        requestId: request.requestId,
        scheduledAt,
        recipients: resolved,
      });
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

/** The checks the contract cannot express; returns the parsed sender and recipients. */
function checkInput(input: SendEmailRequest) {
  const recipients = parseRecipients(input);
  const attachmentBytes = (input.attachments ?? []).reduce((sum, a) => sum + Buffer.byteLength(a.content, 'base64'), 0);
  if (attachmentBytes > MAX_ATTACHMENT_BYTES) {
    throw new AppError('validation_failed', `Attachments may total ${MAX_ATTACHMENT_BYTES} bytes; these are ${attachmentBytes}.`, {
      extra: { errors: [{ path: '/body/attachments', message: `more than ${MAX_ATTACHMENT_BYTES} bytes in total` }] },
    });
  }
  if (input.replyTo) parseMailbox('replyTo', input.replyTo);
  return { from: parseMailbox('from', input.from), recipients };
}

/** The identity that signs: the one named, or the tenant's identity of the From domain; it must be verified. */
async function sendingIdentity(deps: MailDeps, tenantId: string, fromDomain: string, identityId?: string): Promise<IdentityRecord> {
  const identity = identityId ? await deps.identities.byId(tenantId, identityId) : await deps.identities.byDomain(tenantId, fromDomain);
  if (!identity) {
    throw new AppError(
      'identity_unverified',
      identityId ? `No identity ${identityId}.` : `No sending identity for ${fromDomain}; create and verify one first.`,
    );
  }
  if (identity.domain !== fromDomain) {
    throw new AppError('from_domain_mismatch', `The From domain ${fromDomain} is not the identity's domain ${identity.domain}.`);
  }
  if (identity.status !== 'verified') {
    throw new AppError(
      'identity_unverified',
      `The identity for ${identity.domain} is not verified; publish its DNS records and verify it.`,
    );
  }
  return identity;
}
