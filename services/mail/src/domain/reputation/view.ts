import type { MailDeps } from '../deps';
import { ratesOf, thresholdsOf } from './rates';
import { currentStandingOf, totalOf, windowCounts } from './standing';

/** The status and rates are the tenant's (a pause stops every key); a domain-restricted key sees only its own identity listed. */
export async function reputationView(deps: MailDeps, tenantId: string, keyDomain: string | null = null) {
  await deps.reputation.flush().catch((err: unknown) => deps.logger.warn('reputation counts lost', { err }));
  const standing = await currentStandingOf(deps, tenantId);
  const byIdentity = await windowCounts(deps, standing);
  const total = ratesOf(totalOf(byIdentity));
  const identities = await Promise.all(
    [...byIdentity].map(async ([identityId, counts]) => {
      const rates = ratesOf(counts);
      const identity = await deps.identities.byId(tenantId, identityId);
      return {
        identityId,
        domain: identity?.domain ?? null,
        bounceRate: rates.bounceRate,
        complaintRate: rates.complaintRate,
        attempted: rates.attempted,
      };
    }),
  );
  return {
    status: standing.status,
    bounceRate: total.bounceRate,
    complaintRate: total.complaintRate,
    attempted: total.attempted,
    bounced: total.bounced,
    complained: total.complained,
    sent: total.sent,
    windowDays: deps.config.reputation.windowDays,
    thresholds: thresholdsOf(deps.config.reputation),
    since: standing.since.toISOString(),
    reason: standing.reason,
    identities: identities.filter((i) => keyDomain === null || i.domain === keyDomain).sort((a, b) => b.attempted - a.attempted),
  };
}
