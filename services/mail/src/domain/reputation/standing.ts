import { AppError, type Envelope } from '@mailplane/contracts';
import { newEnvelope } from '@mailplane/runtime';
import { REPUTATION_COUNTS, type ReputationCounts, type SendingStatus, type StandingRecord } from '../../data-access/reputation-repo';
import { announceChange } from '../announce';
import type { MailDeps } from '../deps';
import { ratesOf, statusFor, thresholdsOf, type Rates } from './rates';

const DAY_MS = 24 * 3600 * 1000;
// How long a replica trusts the standing it read: the accept path reads it once in this long per tenant, not per send.
const STANDING_FRESH_MS = 2000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

function remember(deps: MailDeps, record: StandingRecord): StandingRecord {
  deps.reputation.remember(record, deps.clock.now().getTime() + STANDING_FRESH_MS);
  return record;
}

/** The tenant's standing as this replica last read it (at most STANDING_FRESH_MS ago). */
export async function standingOf(deps: MailDeps, tenantId: string): Promise<StandingRecord> {
  return deps.reputation.remembered(tenantId, deps.clock.now().getTime()) ?? currentStandingOf(deps, tenantId);
}

/** The tenant's standing as the store has it now: what a reader is shown, whichever replica changed it. */
export const currentStandingOf = async (deps: MailDeps, tenantId: string): Promise<StandingRecord> =>
  remember(deps, await deps.reputation.standing(tenantId, deps.clock.now()));

export async function windowCounts(deps: MailDeps, standing: StandingRecord): Promise<Map<string, ReputationCounts>> {
  const first = dayOf(new Date(deps.clock.now().getTime() - (deps.config.reputation.windowDays - 1) * DAY_MS));
  const byIdentity = new Map<string, ReputationCounts>();
  for (const day of await deps.reputation.window(standing.tenantId, standing.epoch, first)) {
    const sums = byIdentity.get(day.identityId) ?? { attempted: 0, sent: 0, bounced: 0, complained: 0 };
    for (const count of REPUTATION_COUNTS) sums[count] += day[count] ?? 0;
    byIdentity.set(day.identityId, sums);
  }
  return byIdentity;
}

export function totalOf(byIdentity: Map<string, ReputationCounts>): ReputationCounts {
  const total = { attempted: 0, sent: 0, bounced: 0, complained: 0 };
  for (const sums of byIdentity.values()) for (const count of REPUTATION_COUNTS) total[count] += sums[count];
  return total;
}

const EVENT_OF: Record<SendingStatus, string> = { under_review: 'sending.review', paused: 'sending.paused', healthy: 'sending.resumed' };

function statusEvent(deps: MailDeps, from: StandingRecord, to: { status: SendingStatus; reason: string | null }, rates: Rates, at: Date) {
  return newEnvelope('event', EVENT_OF[to.status], at, {
    tenantId: from.tenantId,
    correlationId: from.tenantId,
    data: {
      status: to.status,
      previousStatus: from.status,
      reason: to.reason,
      bounceRate: rates.bounceRate,
      complaintRate: rates.complaintRate,
      attempted: rates.attempted,
      bounced: rates.bounced,
      complained: rates.complained,
      windowDays: deps.config.reputation.windowDays,
      thresholds: thresholdsOf(deps.config.reputation),
      since: at.toISOString(),
    },
  });
}

/** A compare-and-set on the standing's version: of replicas deciding the same change, one writes it and one event goes out. */
export async function changeStanding(
  deps: MailDeps,
  from: StandingRecord,
  to: { status: SendingStatus; reason: string | null; byOperator?: boolean; resume?: boolean },
  rates: Rates,
  audit: (at: Date) => Envelope[] = () => [],
): Promise<StandingRecord | null> {
  const at = deps.clock.now();
  const silent = to.status === 'healthy' && from.status === 'under_review';
  const events = [...(silent ? [] : [statusEvent(deps, from, to, rates, at)]), ...audit(at)];
  const changed = await deps.reputation.change(
    from,
    { status: to.status, reason: to.reason, since: at, byOperator: to.byOperator ?? false, epoch: from.epoch + (to.resume ? 1 : 0) },
    events,
    at,
  );
  if (!changed) return null;
  deps.logger.info('sending status changed', { tenantId: from.tenantId, from: from.status, to: to.status, reason: to.reason });
  remember(deps, changed);
  await announceChange(deps, deps.reputation, changed);
  return changed;
}

export async function evaluateStanding(deps: MailDeps, tenantId: string): Promise<void> {
  const standing = remember(deps, await deps.reputation.standing(tenantId, deps.clock.now()));
  const rates = ratesOf(totalOf(await windowCounts(deps, standing)));
  const next = statusFor(standing.status, rates, deps.config.reputation);
  if (next && next.status !== standing.status) await changeStanding(deps, standing, next, rates);
}

export async function assertSendingAllowed(deps: MailDeps, tenantId: string): Promise<void> {
  const standing = await standingOf(deps, tenantId);
  if (standing.status !== 'paused') return;
  throw new AppError(
    'sending_paused',
    `Sending is paused: ${standing.reason ?? 'by the operator'}. See GET /reputation; accepted mail is held until sending resumes.`,
    { extra: { reason: standing.reason, reputation: '/reputation' } },
  );
}
