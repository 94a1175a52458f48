import { newEnvelope } from '@mailplane/runtime';
import type { Lease } from '@mailplane/store';
import type { BillingDeps } from './deps';
import { entitlementOf } from './entitlement';

/** Raised when a new consumer of `entitlement.changed` must learn every tenant's plan. 1: webhooks (endpoint limits). */
export const ENTITLEMENT_REPLAY_GENERATION = 1;
export const ENTITLEMENT_REPLAY_JOB = 'billing.entitlement-replay';

export interface ReplayState {
  generation: number;
  afterTenant?: string;
}

const BATCH = 200;

/** The cursor is kept with the lease, so a replica that takes over continues; consumers ignore revisions they have. */
export async function replayEntitlements(deps: BillingDeps, lease: Lease<ReplayState>, signal: AbortSignal): Promise<void> {
  const state = (await lease.state()) ?? { generation: 0 };
  if (state.generation >= ENTITLEMENT_REPLAY_GENERATION) return;
  let after = state.afterTenant;
  for (;;) {
    if (signal.aborted) return;
    const page = await deps.accounts.entitledAfter(after, BATCH);
    const now = deps.clock.now();
    for (const account of page) {
      const data = entitlementOf(deps, account, now);
      await deps.broker.publish(
        newEnvelope('event', 'entitlement.changed', now, { tenantId: account._id, correlationId: account._id, data }),
      );
    }
    if (page.length < BATCH) break;
    after = page[page.length - 1]._id;
    if (!(await lease.keep({ generation: state.generation, afterTenant: after }))) return;
  }
  if (await lease.keep({ generation: ENTITLEMENT_REPLAY_GENERATION })) {
    deps.logger.info('entitlements replayed to their consumers', { generation: ENTITLEMENT_REPLAY_GENERATION });
  }
}
