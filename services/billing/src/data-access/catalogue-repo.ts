import type { Catalogue } from '@mailplane/contracts';
import type { Store } from '@mailplane/store';

interface LastCatalogue {
  _id: 'last';
  catalogue: Catalogue;
  servedAt: Date;
}

/** The last catalogue served, replayed (degraded) while the hub cannot be reached. */
export function catalogueRepo(store: Store) {
  const last = store.collection<LastCatalogue>('catalogue');
  return {
    async last(): Promise<Catalogue | null> {
      return (await last.findOne({ _id: 'last' }))?.catalogue ?? null;
    },
    async save(catalogue: Catalogue, at: Date) {
      await last.updateOne({ _id: 'last' }, { $set: { catalogue, servedAt: at } }, { upsert: true });
    },
  };
}
export type CatalogueRepo = ReturnType<typeof catalogueRepo>;
