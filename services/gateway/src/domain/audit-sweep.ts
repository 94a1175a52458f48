import type { CarriesEvents, Doc, EventOutbox } from '@mailplane/store';
import type { AuditLogRecord } from '../data-access/audit-log-repo';
import type { GatewayDeps } from './deps';
import { moveAudit } from './audit';

/** The audit sweep's lease: one replica moves left-over records at a time. */
export const AUDIT_SWEEP_JOB = 'gateway.audit-sweep';

const BATCH = 100;
// A change's own request moves its records at once; the sweep leaves it that long before stepping in.
const SETTLE_MS = 5_000;

/** For records a change still carries (its request died, or the log could not be written); one moved twice is kept once. */
export async function sweepAudit(
  deps: Pick<GatewayDeps, 'keys' | 'members' | 'invitations' | 'sessions' | 'auditLog' | 'clock' | 'logger'>,
  signal: AbortSignal,
): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - SETTLE_MS);
  let moved = 0;
  for (const outbox of [deps.keys.audit, deps.members.audit, deps.invitations.audit, deps.sessions.audit] as EventOutbox<
    Doc & CarriesEvents<AuditLogRecord>
  >[]) {
    const carriers = await outbox.unannounced(before, BATCH);
    for (const carrier of carriers) {
      if (signal.aborted) break;
      await moveAudit(deps, outbox, carrier);
    }
    moved += carriers.length;
  }
  if (moved > 0) deps.logger.info('audit records moved by the sweep', { carriers: moved });
  return moved;
}
