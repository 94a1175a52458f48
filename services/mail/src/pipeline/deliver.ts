import { ack, retry, type Outcome } from '@mailplane/broker';
import type { MailDeps } from '../domain/deps';
import type { Builder } from './build';
import { claimMessage } from './claim';
import { recordAttempt } from './record';
import type { SmtpRelay } from './smtp-relay';

export interface DeliverDeps extends MailDeps {
  builder: Builder;
  relay: SmtpRelay;
}

/** One work item: claim the message, build it (render + sign), relay it, record the outcome. */
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
  let signed: string;
  try {
    signed = await deps.builder.build(message, identity);
  } catch (err) {
    deps.logger.error('message could not be built', { messageId, err });
    await recordAttempt(deps, message, { outcome: 'permanent', smtpCode: null, response: `rendering failed: ${(err as Error).message}` });
    return ack();
  }
  const envelopeFrom = message.from.match(/<([^>]+)>/)?.[1] ?? message.from;
  const envelopeTo = message.to.match(/<([^>]+)>/)?.[1] ?? message.to;
  const result = await deps.relay.relay(signed, { from: envelopeFrom, to: envelopeTo });
  await recordAttempt(deps, message, result);
  return ack();
}
