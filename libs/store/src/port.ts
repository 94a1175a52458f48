/** Ids are our own strings, never ObjectId. */
export interface Doc {
  _id: string;
}

/**
 * Equality (dotted paths too), $in, $nin, $ne, $lt/$lte/$gt/$gte, $exists, $regex (RegExp values, flag `i` at most), $or,
 * $and. `{ f: null }` matches null or missing, as in MongoDB; an `undefined` value is refused (MongoDB would drop it and
 * widen the match). Paths are dot-separated segments of letters, digits, `_` and `-`, not starting with a digit.
 * `{ $contains: { paths, text } }` (top level or inside $and/$or; not MongoDB's `$text`): some path holds a string, or an
 * array with one, containing `text` ignoring case; empty text matches all. Fast with `createIndex(paths, { text: true })`
 * and 3 characters or more.
 */
export type Filter = Record<string, unknown>;

export interface ContainsQuery {
  paths: string[];
  text: string;
}

/** At least one operator; no replacement documents. */
export interface Update {
  $set?: Record<string, unknown>;
  $unset?: Record<string, ''>;
  $inc?: Record<string, number>;
  $push?: Record<string, unknown>;
  $setOnInsert?: Record<string, unknown>;
}

/** Ties come back in no particular order: end a paging sort with `_id`. */
export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  /** Without one the order is the engine's own. */
  sort?: Sort;
  skip?: number;
  limit?: number;
}

/** `indexSpec` checks a combination the same way for every engine. */
export interface IndexOptions {
  unique?: boolean;
  /** Seconds after its (one, top-level) Date field a document vanishes from every read and write; removal runs later. */
  expireAfterSeconds?: number;
  /** Skip documents lacking the field (unique indexes over optional fields). */
  sparse?: boolean;
  /** A trigram index for `$contains` over the keys' fields (directions ignored); MongoDB has none and scans. */
  text?: boolean;
  /** With `text`: equality fields every search is scoped by (the tenant), so a common word's count reads index entries. */
  within?: string[];
  /** A count per combination of the keys' values: `count` with only string or Date equalities on them reads no documents. */
  counts?: boolean;
  /** A plain index whose top-level fields let a `count` naming only them (ranges too) and a sorted `find`'s skip read no documents. */
  covering?: boolean;
  /**
   * Only documents meeting every condition (a value, `null` for null or missing, or `$in` a list) are indexed; a query uses
   * the index only when its filter states each one (the same value, or listed values by equality or `$in`). For plain
   * indexes over top-level fields; it replaces an unfiltered index on the same keys. SQLite and MongoDB leave `$in`
   * conditions out (their planners match only an identical condition; MongoDB before 6.0 refuses `$in` there).
   */
  partial?: PartialFilter;
}

export type PartialFilter = Record<string, PartialValue | { $in: PartialValue[] }>;
export type PartialValue = string | boolean | null;

export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    message = 'duplicate key',
  ) {
    super(`${collection}: ${message}`);
    this.name = 'DuplicateKeyError';
  }
}

/** The engine is unreachable or went away: the operation did not run (a write's outcome may be unknown); the store reconnects. */
export class StoreUnavailableError extends Error {
  constructor(override readonly cause: unknown) {
    super(`store unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'StoreUnavailableError';
  }
}

/**
 * `committed` (default): settles once durable. `with-next-write`: settles once applied, durable no later than the store's next
 * `committed` write; for writes whose loss only matters if a later write landed, saving a commit's wait.
 */
export type Durability = 'committed' | 'with-next-write';

/** Every document handed out is a copy. An upsert's id is the filter's `_id` or `$setOnInsert._id`; without one it throws. */
export interface Collection<T extends Doc> {
  /** Idempotent when called again with the same keys and options (do it at start-up). */
  createIndex(keys: Record<string, 1 | -1>, options?: IndexOptions): Promise<void>;
  insertOne(doc: T): Promise<void>;
  /** All or nothing: a duplicate raises DuplicateKeyError and none of the batch is kept. */
  insertMany(docs: T[]): Promise<void>;
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  /** With `limit`, counts at most that many (a total need only reach the deepest page a client can ask for). */
  count(filter: Filter, options?: { limit?: number }): Promise<number>;
  /** Compare-and-set on one match, atomic across processes; `matched` is 0 or 1. */
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<{ matched: number; upserted: boolean }>;
  /** Returns how many documents matched (changed or not). */
  updateMany(filter: Filter, update: Update): Promise<number>;
  /** Updates the first match by `sort` atomically and returns it updated; null only when nothing matches, never for a held one. */
  findOneAndUpdate(filter: Filter, update: Update, options?: { sort?: Sort; upsert?: boolean; durability?: Durability }): Promise<T | null>;
  deleteOne(filter: Filter): Promise<number>;
  deleteMany(filter: Filter): Promise<number>;
}

export interface Store {
  collection<T extends Doc>(name: string): Collection<T>;
  /** Resolves when the engine answers a trivial query now (readiness); rejects when it cannot be used. */
  ping(): Promise<void>;
  /** Waits for pending writes; the store is unusable afterwards. */
  close(): Promise<void>;
}
