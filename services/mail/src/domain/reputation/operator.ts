import { AppError } from '@mailplane/contracts';
import { auditEvent, type AuditContext } from '@mailplane/runtime';
import type { MailDeps } from '../deps';
import { ratesOf } from './rates';
import { changeStanding, totalOf, windowCounts } from './standing';
import { reputationView } from './view';

const MAX_REASON = 500;

/** Nothing is recorded when the standing is already so; retried when a replica's change came first. */
async function operatorChange(deps: MailDeps, tenantId: string, audit: AuditContext, pause: { reason: string } | null) {
  for (;;) {
    const standing = await deps.reputation.standing(tenantId, deps.clock.now());
    if ((standing.status === 'paused') === (pause !== null)) break;
    const rates = ratesOf(totalOf(await windowCounts(deps, standing)));
    const operationId = pause ? 'pauseSending' : 'resumeSending';
    const changes = { status: { from: standing.status, to: pause ? 'paused' : 'healthy' }, ...(pause ? { reason: pause.reason } : {}) };
    const to = pause
      ? { status: 'paused' as const, reason: `paused by the operator: ${pause.reason}`, byOperator: true }
      : { status: 'healthy' as const, reason: null, resume: true };
    const recorded = (at: Date) => [auditEvent(tenantId, audit, { operationId, target: { type: 'tenant', id: tenantId }, changes }, at)];
    if (await changeStanding(deps, standing, to, rates, recorded)) break;
  }
  return reputationView(deps, tenantId);
}

export function pauseSending(deps: MailDeps, tenantId: string, input: { reason: string }, audit: AuditContext) {
  const reason = input.reason.trim();
  if (reason === '' || reason.length > MAX_REASON)
    throw new AppError('validation_failed', `A reason of 1 to ${MAX_REASON} characters is required.`, {
      extra: { errors: [{ path: '/body/reason', message: 'empty or too long' }] },
    });
  return operatorChange(deps, tenantId, audit, { reason });
}

/** POST /admin/tenants/{tenantId}/resume-sending: held mail goes out, the window counts from now. */
export const resumeSending = (deps: MailDeps, tenantId: string, audit: AuditContext) => operatorChange(deps, tenantId, audit, null);
