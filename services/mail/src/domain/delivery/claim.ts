import type { MessageRecord } from '../../data-access/messages-repo';
import type { MailDeps } from '../deps';

export type Claim =
  | { kind: 'claimed'; message: MessageRecord }
  /** Another worker holds it; look again once its lease runs out. */
  | { kind: 'held'; retryInMs: number }
  /** Already final, not due yet, or gone: nothing to do for this work item. */
  | { kind: 'nothing' };

/** Takes the lease on a due message; exactly one worker wins, whatever the broker redelivers. */
export async function claimMessage(deps: MailDeps, messageId: string): Promise<Claim> {
  const now = deps.clock.now();
  const message = await deps.messages.claimDue(messageId, new Date(now.getTime() + deps.config.leaseMs), now);
  if (message) return { kind: 'claimed', message };
  const current = await deps.messages.anyTenantById(messageId);
  if (current?.status === 'sending' && current.leaseUntil) {
    return { kind: 'held', retryInMs: Math.max(50, current.leaseUntil.getTime() - now.getTime() + 50) };
  }
  return { kind: 'nothing' };
}
