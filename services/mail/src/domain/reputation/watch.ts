import type { MailDeps } from '../deps';
import { evaluateStanding } from './standing';

// Counts written within this long of each other are judged together: one read of the window per tenant, not per flush.
const SETTLE_MS = 1000;

/** Judges the standing of the tenants whose counts were just written, a moment later, each once. */
export function standingWatch(deps: () => MailDeps) {
  const dirty = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  async function judge() {
    timer = null;
    const tenants = [...dirty];
    dirty.clear();
    for (const tenantId of tenants)
      await evaluateStanding(deps(), tenantId).catch((err: unknown) =>
        deps().logger.warn('sending standing not judged', { err, tenantId }),
      );
  }
  return {
    touched(tenantIds: Set<string>) {
      for (const id of tenantIds) dirty.add(id);
      timer ??= setTimeout(() => void judge(), SETTLE_MS).unref();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
