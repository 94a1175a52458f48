import type { Broker } from '@mailplane/broker';
import type { Clock, Logger } from '@mailplane/runtime';
import type { QueuesMark } from '@mailplane/store';
import type { BillingConfig } from '../config';
import type { AccountsRepo } from '../data-access/accounts-repo';
import type { CatalogueRepo } from '../data-access/catalogue-repo';
import type { CheckoutsRepo } from '../data-access/checkouts-repo';
import type { Hub } from '../data-access/hub';
import type { HubEventsRepo } from '../data-access/hub-events-repo';
import type { LedgerRepo } from '../data-access/ledger-repo';
import type { MailUsage } from '../data-access/mail-usage';
import type { Provider } from '../data-access/provider';
import type { UpgradesRepo } from '../data-access/upgrades-repo';

export interface BillingDeps {
  config: BillingConfig;
  /** Null when not configured: every route that needs them answers 503 `billing_not_configured`. */
  hub: Hub | null;
  provider: Provider | null;
  accounts: AccountsRepo;
  /** Which broker queues the accounts' kept audit records were published to. */
  accountsQueue: QueuesMark;
  checkouts: CheckoutsRepo;
  upgrades: UpgradesRepo;
  hubEvents: HubEventsRepo;
  ledger: LedgerRepo;
  catalogue: CatalogueRepo;
  mailUsage: MailUsage;
  broker: Broker;
  clock: Clock;
  logger: Logger;
}
