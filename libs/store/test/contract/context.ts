import type { Store, StoreConfig } from '../../src';

export interface ContractOptions {
  /**
   * How expiry is observed: the SQL engines leave expired documents out of the next read; MongoDB's TTL monitor
   * only deletes every 60 s, so there the suite also checks the index option (the callback reads it from the server).
   */
  ttl: { kind: 'on-read' } | { kind: 'index'; expireAfterSeconds(collection: string, field: string): Promise<number | undefined> };
  /** Opens a store over the same storage through a client of its own (its own connections, as another process). */
  rival?: () => Promise<Store>;
  /** What a child process opens to be killed mid-batch, and how the test sees its batch under way and over. */
  child?: {
    config: StoreConfig;
    /** Whether the child's batch is being written now. */
    writing(): Promise<boolean>;
    /** Whether nothing the killed child started still runs (a database server may finish a statement alone). */
    settled(): Promise<boolean>;
  };
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
