import type { MessageRecord, RecipientState } from '../../data-access/messages-repo';
import type { ReputationCounts } from '../../data-access/reputation-repo';
import type { RelayResult } from '../../transmit/smtp-relay';
import { isHardBounce } from '../delivery/bounces';
import type { MailDeps } from '../deps';
import { outcomeFor } from '../recipients';
import { standingOf } from './standing';

const DAY_MS = 24 * 3600 * 1000;
// Kept a little past the longest window.
const KEPT_DAYS = 92;

function count(deps: MailDeps, message: Pick<MessageRecord, 'tenantId' | 'identityId'>, counts: Partial<ReputationCounts>, at: Date) {
  if (!Object.values(counts).some((n) => n > 0)) return;
  void standingOf(deps, message.tenantId).then(
    ({ epoch }) =>
      deps.reputation.add(
        {
          tenantId: message.tenantId,
          epoch,
          identityId: message.identityId,
          day: at.toISOString().slice(0, 10),
          expiresAt: new Date(at.getTime() + KEPT_DAYS * DAY_MS),
        },
        counts,
      ),
    (err: unknown) => deps.logger.warn('reputation counts lost', { err, tenantId: message.tenantId }),
  );
}

/** A refusal saying the address does not exist is a bounce; an attempt no MTA answered is nobody's reputation. */
export function countAttempt(
  deps: MailDeps,
  message: MessageRecord,
  before: RecipientState[],
  after: RecipientState[],
  result: RelayResult,
  at: Date,
) {
  if (result.smtpCode === null) return;
  const counts = { attempted: 0, sent: 0, bounced: 0 };
  after.forEach((r, i) => {
    if (before[i]?.status !== 'pending' || (r.status !== 'sent' && r.status !== 'failed')) return;
    counts.attempted++;
    if (r.status === 'sent') counts.sent++;
    else if (isHardBounce(outcomeFor(result, r.address))) counts.bounced++;
  });
  count(deps, message, counts, at);
}

export function countReport(deps: MailDeps, message: MessageRecord, kind: 'bounce' | 'complaint', at: Date) {
  count(deps, message, kind === 'bounce' ? { bounced: 1 } : { complained: 1 }, at);
}
