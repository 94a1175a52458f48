import type { BillingDeps } from './deps';
import { changeGrant } from './entitlement';
import { announce } from './entitlement';
import { syncToHub } from './hub-sync';
import { handlePaymentNotification } from './payment-webhook';

/** Work older than this was left behind by a crash or a failed call, not by a request still running. */
export const SWEEP_GRACE_MS = 2000;
const BATCH = 100;

/** Billing's repairs run under this lease: one replica at a time, so no repair is applied twice. */
export const BILLING_SWEEP_JOB = 'billing.sweep';

/** What a crash or an unreachable broker, hub or provider left half done; also ends back-office grants whose time is up. */
export async function sweep(deps: BillingDeps, signal?: AbortSignal): Promise<void> {
  const each = async <T>(items: T[], repair: (item: T) => Promise<unknown>) => {
    for (const item of items) if (!signal?.aborted) await repair(item);
  };
  const before = new Date(deps.clock.now().getTime() - SWEEP_GRACE_MS);
  await each(await deps.accounts.unannounced(before, BATCH), (account) => announce(deps, account));
  await deps.accounts.dropKept();
  await each(await deps.accounts.unsynced(BATCH), (account) => syncToHub(deps, account._id));
  await each(await deps.accounts.grantsEndedBefore(deps.clock.now(), BATCH), (account) => changeGrant(deps, account, null));
  await each(await deps.ledger.unfinishedCharges(before, BATCH), (charge) =>
    handlePaymentNotification(deps, charge.paymentId!).catch((err) =>
      deps.logger.warn('paid payment neither granted nor refunded yet; retrying', { paymentId: charge.paymentId, err }),
    ),
  );
}

/** At start-up: when the broker's queues are new, kept audit records go back in their accounts' outboxes for the sweep. */
export async function rearmKeptAudit(deps: BillingDeps): Promise<void> {
  await deps.accountsQueue.rearmKept(deps.broker.queuesEpoch, [deps.accounts], deps.logger);
  await deps.accountsQueue.moveTo(deps.broker.queuesEpoch);
}
