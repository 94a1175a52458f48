import type { Store } from '../../src';

export interface ContractOptions {
  /**
   * How expiry is observed: nedb drops expired documents on the next read; MongoDB's TTL monitor only runs
   * every 60 s, so there the suite checks the index option instead (the callback reads it from the server).
   */
  ttl: { kind: 'on-read' } | { kind: 'index'; expireAfterSeconds(collection: string, field: string): Promise<number | undefined> };
  /** nedb keeps each store's documents in its own memory: two stores over the same files do not see each other. */
  oneConnection?: boolean;
}

export interface ContractContext {
  /** The store shared by the suite. */
  store(): Store;
  /** Opens another store over the same storage. */
  makeStore(): Store | Promise<Store>;
  /** A collection name no other test uses. */
  collectionName(base: string): string;
  options: ContractOptions;
}
