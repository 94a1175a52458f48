import type { WebhookEventType } from '@mailplane/contracts';
import { tenantScoped, type Store } from '@mailplane/store';

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

/** The fields a tenant may change on an endpoint. */
export type EndpointChanges = Partial<Pick<EndpointRecord, 'url' | 'eventTypes' | 'description' | 'disabled'>>;

export function endpointsRepo(store: Store) {
  const all = store.collection<EndpointRecord>('endpoints');
  const endpoints = tenantScoped(all);
  const change = async (tenantId: string, id: string, fields: Partial<EndpointRecord>): Promise<boolean> =>
    (await endpoints.updateOne(tenantId, { _id: id }, { $set: fields })).matched === 1;
  return {
    async init() {
      // list: a tenant's endpoints newest first; fan-out: a tenant's enabled endpoints
      await all.createIndex({ tenantId: 1, createdAt: -1 });
    },
    insert: (record: EndpointRecord) => all.insertOne(record),
    byId: (tenantId: string, id: string) => endpoints.findOne(tenantId, { _id: id }),
    list: (tenantId: string, page: { limit: number; offset: number }) =>
      endpoints.find(tenantId, {}, { sort: { createdAt: -1, _id: -1 }, skip: page.offset, limit: page.limit }),
    count: (tenantId: string) => endpoints.count(tenantId, {}),
    enabled: (tenantId: string) => endpoints.find(tenantId, { disabled: false }),
    /** False when the tenant has no such endpoint. */
    update: (tenantId: string, id: string, changes: EndpointChanges, at: Date) => change(tenantId, id, { ...changes, updatedAt: at }),
    disable: (tenantId: string, id: string, at: Date) => change(tenantId, id, { disabled: true, updatedAt: at }),
    replaceSecrets: (tenantId: string, id: string, secrets: SealedSecret[], at: Date) => change(tenantId, id, { secrets, updatedAt: at }),
    async remove(tenantId: string, id: string): Promise<boolean> {
      return (await endpoints.deleteOne(tenantId, { _id: id })) === 1;
    },
  };
}
export type EndpointsRepo = ReturnType<typeof endpointsRepo>;
