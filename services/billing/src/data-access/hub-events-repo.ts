import { DuplicateKeyError, type Store } from '@mailplane/store';

interface HubEventRecord {
  _id: string;
  type: string;
  receivedAt: Date;
}

/** Hub events already applied, by id: a replay is acknowledged without being applied again. */
export function hubEventsRepo(store: Store) {
  const events = store.collection<HubEventRecord>('hub_events');
  return {
    async init() {
      // hubs retry for days, not months
      await events.createIndex({ receivedAt: 1 }, { expireAfterSeconds: 90 * 86_400 });
    },
    seen: async (id: string) => (await events.findOne({ _id: id })) !== null,
    async remember(id: string, type: string, at: Date) {
      try {
        await events.insertOne({ _id: id, type, receivedAt: at });
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
      }
    },
  };
}
export type HubEventsRepo = ReturnType<typeof hubEventsRepo>;
