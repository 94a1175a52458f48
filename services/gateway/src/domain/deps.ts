import type { Broker } from '@mailplane/broker';
import type { Clock, Logger } from '@mailplane/runtime';
import type { ApiKeysRepo } from '../data-access/api-keys-repo';
import type { TenantsRepo } from '../data-access/tenants-repo';

export interface GatewayDeps {
  keys: ApiKeysRepo;
  tenants: TenantsRepo;
  broker: Broker;
  clock: Clock;
  logger: Logger;
}
