import type { WebhookEventType } from '@mailplane/contracts';
import type { Store, Update } from '@mailplane/store';

/** A signing secret, sealed; the previous one keeps signing until `expiresAt` after a rotation. */
export interface SealedSecret {
  sealed: string;
  expiresAt: Date | null;
}

export interface EndpointRecord {
  _id: string;
  tenantId: string;
  url: string;
  eventTypes: (WebhookEventType | '*')[];
  description: string;
  disabled: boolean;
  /** Newest first. */
  secrets: SealedSecret[];
  createdAt: Date;
  updatedAt: Date;
}

export function endpointsRepo(store: Store) {
  const endpoints = store.collection<EndpointRecord>('endpoints');
  return {
    async init() {
      // list: a tenant's endpoints newest first; fan-out: a tenant's enabled endpoints
      await endpoints.createIndex({ tenantId: 1, createdAt: -1 });
    },
    insert: (record: EndpointRecord) => endpoints.insertOne(record),
    byId: (tenantId: string, id: string) => endpoints.findOne({ _id: id, tenantId }),
    list: (tenantId: string, page: { limit: number; offset: number }) =>
      endpoints.find({ tenantId }, { sort: { createdAt: -1, _id: -1 }, skip: page.offset, limit: page.limit }),
    count: (tenantId: string) => endpoints.count({ tenantId }),
    enabled: (tenantId: string) => endpoints.find({ tenantId, disabled: false }),
    async update(tenantId: string, id: string, update: Update): Promise<boolean> {
      return (await endpoints.updateOne({ _id: id, tenantId }, update)).matched === 1;
    },
    async remove(tenantId: string, id: string): Promise<boolean> {
      return (await endpoints.deleteOne({ _id: id, tenantId })) === 1;
    },
  };
}
export type EndpointsRepo = ReturnType<typeof endpointsRepo>;
