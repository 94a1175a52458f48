import { ack, retry, type Outcome } from '@mailplane/broker';
import type { MailDeps } from '../domain/deps';
import type { JobMaker } from './build';
import { claimMessage } from './claim';
import { recordAttempt, recordSuppressed } from './record';
import { isHardBounce } from '../domain/bounces';
import { isSuppressed, suppress } from '../domain/suppressions';
import type { Transmitter } from './transmit';

export interface DeliverDeps extends MailDeps {
  jobFor: JobMaker;
  transmitter: Transmitter;
}

/**
 * One work item: claim the message, render, sign and relay it, record the outcome. A recipient suppressed
 * since acceptance is not mailed; a hard bounce puts the address on the tenant's suppression list.
 */
export async function deliver(deps: DeliverDeps, messageId: string): Promise<Outcome> {
  const claim = await claimMessage(deps, messageId);
  if (claim.kind === 'held') return retry(claim.retryInMs);
  if (claim.kind === 'nothing') return ack();
  const { message } = claim;
  const identity = await deps.identities.byId(message.tenantId, message.identityId);
  if (!identity) {
    await recordAttempt(deps, message, { outcome: 'permanent', smtpCode: null, response: 'identity deleted before the message was sent' });
    return ack();
  }
  const job = deps.jobFor(message, identity);
  const recipient = job.envelope.to;
  if (await isSuppressed(deps, message.tenantId, recipient)) {
    await recordSuppressed(deps, message);
    return ack();
  }
  const result = await deps.transmitter.transmit(job);
  if (result.outcome === 'permanent' && result.smtpCode === null)
    deps.logger.error('message could not be built', { messageId, response: result.response });
  await recordAttempt(deps, message, result);
  // Lost in a crash right here, the suppression comes back with the next bounce from the same address.
  if (isHardBounce(result)) await suppress(deps, message.tenantId, { email: recipient, reason: 'bounced', messageId });
  return ack();
}
