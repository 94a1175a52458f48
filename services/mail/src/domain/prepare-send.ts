import { AppError, MAX_ATTACHMENT_BYTES, type SendEmailRequest } from '@mailplane/contracts';
import type { IdentityRecord } from '../data-access/identities-repo';
import { acceptMailbox } from './address';
import type { MailDeps } from './deps';
import { parseRecipients, resolveRecipients, type ParsedRecipients, type ResolvedRecipients } from './recipients';
import { scheduleTimeOf } from './scheduling/schedule-time';
import { sendContent } from '../templates/domain/send-content';
import { trackingFor } from '../tracking/domain/settings';

/** One email checked as far as a replay may depend on it: its recipients and the identity that will sign it. */
export interface PreparedSend {
  input: SendEmailRequest;
  identity: IdentityRecord;
  recipients: ParsedRecipients;
  at: string;
}

export async function prepareSend(
  deps: MailDeps,
  tenantId: string,
  input: SendEmailRequest,
  at = '/body',
  keyDomain: string | null = null,
): Promise<PreparedSend> {
  const recipients = parseRecipients(input, at);
  const attachmentBytes = (input.attachments ?? []).reduce((sum, a) => sum + Buffer.byteLength(a.content, 'base64'), 0);
  if (attachmentBytes > MAX_ATTACHMENT_BYTES) {
    throw new AppError('validation_failed', `Attachments may total ${MAX_ATTACHMENT_BYTES} bytes; these are ${attachmentBytes}.`, {
      extra: { errors: [{ path: `${at}/attachments`, message: `more than ${MAX_ATTACHMENT_BYTES} bytes in total` }] },
    });
  }
  if (input.replyTo) acceptMailbox('replyTo', input.replyTo, `${at}/replyTo`);
  const from = acceptMailbox('from', input.from, `${at}/from`);
  checkKeyDomain(keyDomain, from.domain);
  return { input, identity: await sendingIdentity(deps, tenantId, from.domain, input.identityId), recipients, at };
}

/** Decided when the send is processed, never when it is replayed. */
export async function resolveSend(deps: MailDeps, tenantId: string, prepared: PreparedSend) {
  const content = await sendContent(deps, tenantId, prepared.input, prepared.at);
  const tracking = trackingFor(deps, prepared.identity, prepared.input, prepared.at);
  const scheduledAt = scheduleTimeOf(prepared.input, deps.clock.now(), `${prepared.at}/scheduledAt`);
  const recipients: ResolvedRecipients = await resolveRecipients(deps, tenantId, prepared.recipients);
  return { ...content, tracking, scheduledAt, recipients };
}

async function sendingIdentity(deps: MailDeps, tenantId: string, fromDomain: string, identityId?: string): Promise<IdentityRecord> {
  const identity = identityId
    ? await deps.identities.sendingById(tenantId, identityId)
    : await deps.identities.sendingByDomain(tenantId, fromDomain);
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

/** The From is enough to check: a named identity must be of the From's domain, and without one it is the From domain's. */
export function checkKeyDomain(keyDomain: string | null, domain: string): void {
  if (keyDomain && domain.toLowerCase() !== keyDomain) {
    throw new AppError('key_domain_mismatch', `This API key may send only from ${keyDomain}, not from ${domain.toLowerCase()}.`);
  }
}
