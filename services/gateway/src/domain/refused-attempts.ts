import type { AuditContext, AuditedChange, Clock } from '@mailplane/runtime';
import type { AttemptCountsRepo } from '../data-access/attempt-counts-repo';
import { auditRecord } from './audit';
import type { GatewayDeps, RefusedAttempts } from './deps';
import { failureCount } from './failure-count';

const WINDOW_MS = 60_000;

/**
 * Bounded so that nobody floods a tenant's log: at most one record per tenant, subject (the account or the caller)
 * and operation a minute; the others of that minute go unrecorded.
 */
export function refusedAttempts(attempts: AttemptCountsRepo, clock: Clock): RefusedAttempts {
  const recorded = failureCount(attempts, clock, { name: 'refusal-audit', max: 1, windowMs: WINDOW_MS, per: 'account' });
  return {
    async record(
      deps: Pick<GatewayDeps, 'auditLog' | 'config' | 'logger'>,
      tenantId: string,
      context: AuditContext,
      change: AuditedChange,
    ): Promise<void> {
      const key = `${tenantId} ${context.actor.type}:${context.actor.id} ${change.operationId}`;
      try {
        if ((await recorded.waitFor(key)) > 0) return;
        await recorded.failed(key);
        await deps.auditLog.insert(auditRecord(deps, tenantId, context, change, clock.now()));
      } catch (err) {
        // The refusal stands either way; only its record is lost.
        deps.logger.warn('refused attempt not recorded', { err, tenantId, operationId: change.operationId });
      }
    },
  };
}
