import type { BillingDeps } from './deps';
import { changeGrant } from './entitlement';
import { announce } from './entitlement';
import { syncToHub } from './hub-sync';
import { handlePaymentNotification } from './payment-webhook';

/** Work older than this was left behind by a crash or a failed call, not by a request still running. */
export const SWEEP_GRACE_MS = 2000;
const BATCH = 100;

/**
 * Repairs what a crash or an unreachable broker, hub or provider left half done: entitlement changes not
 * yet published, subscriptions the hub does not know, and paid payments not yet granted or refunded (each
 * is looked at again as if its notification had just come). It also ends back-office grants whose time is up,
 * so that mail hears of it.
 */
export async function sweep(deps: BillingDeps): Promise<void> {
  const before = new Date(deps.clock.now().getTime() - SWEEP_GRACE_MS);
  for (const account of await deps.accounts.unannounced(before, BATCH)) await announce(deps, account);
  for (const account of await deps.accounts.unsynced(BATCH)) await syncToHub(deps, account._id);
  for (const account of await deps.accounts.grantsEndedBefore(deps.clock.now(), BATCH)) await changeGrant(deps, account, null);
  for (const charge of await deps.ledger.unfinishedCharges(before, BATCH)) {
    await handlePaymentNotification(deps, charge.paymentId!).catch((err) =>
      deps.logger.warn('paid payment neither granted nor refunded yet; retrying', { paymentId: charge.paymentId, err }),
    );
  }
}
