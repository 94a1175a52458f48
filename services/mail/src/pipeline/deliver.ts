import { ack, retry, type Outcome } from '@mailplane/broker';
import type { MailDeps } from '../domain/deps';
import type { JobMaker } from './build';
import { claimMessage } from './claim';
import { recordAttempt } from './record';
import type { Transmitter } from './transmit';

export interface DeliverDeps extends MailDeps {
  jobFor: JobMaker;
  transmitter: Transmitter;
}

/** One work item: claim the message, render, sign and relay it, record the outcome. */
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
  const result = await deps.transmitter.transmit(deps.jobFor(message, identity));
  if (result.outcome === 'permanent' && result.smtpCode === null) deps.logger.error('message could not be built', { messageId, response: result.response });
  await recordAttempt(deps, message, result);
  return ack();
}
