import type { Broker } from '@mailplane/broker';
import { leaseOn, queuesMark, type Store } from '@mailplane/store';
import { QUEUES } from '@mailplane/contracts';
import { newHolderId, runPeriodically, serveOperations, systemClock, type Clock, type Logger } from '@mailplane/runtime';
import type { BillingConfig } from './config';
import { accountsRepo } from './data-access/accounts-repo';
import { catalogueRepo } from './data-access/catalogue-repo';
import { checkoutsRepo } from './data-access/checkouts-repo';
import { createHubClient } from './data-access/hub';
import { createProviderClient } from './data-access/provider';
import { upgradesRepo } from './data-access/upgrades-repo';
import { hubEventsRepo } from './data-access/hub-events-repo';
import { ledgerRepo } from './data-access/ledger-repo';
import { mailUsageClient } from './data-access/mail-usage';
import type { BillingDeps } from './domain/deps';
import { BILLING_SWEEP_JOB, rearmKeptAudit, sweep } from './domain/crash-repairs';
import { ENTITLEMENT_REPLAY_JOB, replayEntitlements, type ReplayState } from './domain/replay-entitlements';
import { billingHandlers } from './entry-points/rpc';

export interface BillingService {
  deps: BillingDeps;
  stop(): Promise<void>;
}

// The state answers without usage rather than wait long on mail.
const MAIL_USAGE_TIMEOUT_MS = 1500;

export async function startBilling(options: {
  config: BillingConfig;
  broker: Broker;
  store: Store;
  logger: Logger;
  clock?: Clock;
}): Promise<BillingService> {
  const { config, broker, store } = options;
  const logger = options.logger.child({ service: 'billing' });
  const deps: BillingDeps = {
    config,
    hub: config.hub ? createHubClient(config.hub, config.timeoutMs) : null,
    provider: config.provider ? createProviderClient(config.provider, config.timeoutMs) : null,
    accounts: accountsRepo(store),
    accountsQueue: queuesMark(store, 'accounts_queue', 'accounts'),
    checkouts: checkoutsRepo(store),
    upgrades: upgradesRepo(store),
    hubEvents: hubEventsRepo(store),
    ledger: ledgerRepo(store),
    catalogue: catalogueRepo(store),
    mailUsage: mailUsageClient(broker, MAIL_USAGE_TIMEOUT_MS),
    broker,
    clock: options.clock ?? systemClock,
    logger,
  };
  await deps.accounts.init();
  await deps.checkouts.init();
  await deps.hubEvents.init();
  await deps.ledger.init();
  const rpc = await serveOperations(broker, QUEUES.billing, billingHandlers(deps), { logger });
  await rearmKeptAudit(deps).catch((err) => logger.error('kept audit records not re-armed', { err }));
  const holder = newHolderId();
  const lease = leaseOn(store, BILLING_SWEEP_JOB, { holder, ttlMs: config.jobLeaseMs });
  const sweeper = runPeriodically((signal) => sweep(deps, signal), config.sweepEveryMs, logger, 'billing sweep', { lease });
  const replayLease = leaseOn<ReplayState>(store, ENTITLEMENT_REPLAY_JOB, { holder, ttlMs: config.jobLeaseMs });
  const replay = runPeriodically(
    (signal) => replayEntitlements(deps, replayLease, signal),
    config.sweepEveryMs,
    logger,
    'entitlement replay',
    {
      lease: replayLease,
    },
  );
  logger.info(
    config.hub && config.provider ? 'billing service started' : 'billing service started without a hub or provider: billing answers 503',
    { consumes: [QUEUES.billing] },
  );
  return {
    deps,
    async stop() {
      await sweeper.stop();
      await replay.stop();
      await rpc.cancel();
      logger.info('billing service stopped');
    },
  };
}
