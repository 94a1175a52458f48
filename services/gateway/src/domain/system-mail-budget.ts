import type { Clock } from '@mailplane/runtime';
import type { AttemptCountsRepo } from '../data-access/attempt-counts-repo';
import { rateLimited } from './failure-count';

/** What the platform mails of its own; each has budgets of its own, so one purpose never spends another's. */
export type SystemMailPurpose = 'invitation' | 'reset' | 'sign-in';

export interface SystemMailLimits {
  invitationsPerTenantPerDay: number;
  /** Per purpose and address, every tenant together. */
  perAddressPerHour: number;
}

const DAY_MS = 24 * 3600_000;
const HOUR_MS = 3600_000;

/**
 * A place is taken before anything is made or mailed and never given back, so a refused or failed mail still counts:
 * a caller cannot probe past a limit.
 */
export function systemMailBudget(attempts: AttemptCountsRepo, clock: Clock, limits: SystemMailLimits) {
  async function take(id: string, max: number, windowMs: number): Promise<number> {
    const now = clock.now();
    await attempts.add(id, now, windowMs);
    const window = await attempts.current(id, now);
    return window && window.count > max ? window.until.getTime() - now.getTime() : 0;
  }
  return {
    async take(purpose: SystemMailPurpose, address: string, tenantId?: string): Promise<void> {
      if (purpose === 'invitation' && tenantId) {
        const wait = await take(`system-mail:invitation:tenant:${tenantId}`, limits.invitationsPerTenantPerDay, DAY_MS);
        if (wait > 0) throw rateLimited('invitations from this tenant today', wait);
      }
      const wait = await take(`system-mail:${purpose}:address:${address.toLowerCase()}`, limits.perAddressPerHour, HOUR_MS);
      if (wait > 0) throw rateLimited(purpose === 'invitation' ? 'invitations to this address' : 'mails to this address', wait);
    },
  };
}
export type SystemMailBudget = ReturnType<typeof systemMailBudget>;
