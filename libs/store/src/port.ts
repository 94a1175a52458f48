/** Documents carry our own string ids, never ObjectId. */
export interface Doc {
  _id: string;
}

/**
 * The query dialect every engine understands: equality (dotted paths too), $in, $nin, $ne, $lt/$lte/$gt/$gte,
 * $exists, $regex (RegExp values only, flag `i` at most), $or, $and. `{ f: null }` matches null or missing, as
 * in MongoDB. A field whose value is `undefined` is refused: MongoDB would silently drop it and widen the match.
 * Field paths are letters, digits, `_` and `-`, dot-separated, not starting with a digit (the SQL engines write
 * them into SQL; anything else is refused).
 *
 * Text search, our own operator (not MongoDB's word-based `$text`): `{ $contains: { paths, text } }` at the
 * top level (or inside $and/$or) matches documents where at least one of `paths` holds a string (or an array
 * with a string) containing `text`, ignoring case. Empty text matches every document. It is fast when
 * `createIndex(<the same paths>, { text: true })` exists and `text` has 3 characters or more.
 */
export type Filter = Record<string, unknown>;

/** The operand of `$contains`. */
export interface ContainsQuery {
  paths: string[];
  text: string;
}

/** $set, $unset, $inc, $push, $setOnInsert only; at least one of them (no replacement documents). */
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

/** What each kind of index means; `indexSpec` (index-spec.ts) checks a combination the same way for every engine. */
export interface IndexOptions {
  unique?: boolean;
  /**
   * Documents whose (single, top-level) indexed Date field is older than this many seconds are removed, and no
   * read or write sees them from that moment on (the removal itself runs now and then).
   */
  expireAfterSeconds?: number;
  /** Skip documents lacking the field (unique indexes over optional fields). */
  sparse?: boolean;
  /**
   * A substring index over the (string) fields named by the keys, for `$contains` (directions are ignored): a
   * trigram index (SQLite: FTS5; PostgreSQL: pg_trgm over a table of the fields' lowered text). MongoDB has none
   * that serves it and scans what the other conditions leave.
   */
  text?: boolean;
  /**
   * With `text`: equality fields every search is scoped by (say the tenant), so that counting the matches of a
   * common word can read index entries instead of documents where the engine needs telling (SQLite; PostgreSQL
   * keeps them in its text table).
   */
  within?: string[];
  /**
   * Keeps the number of documents per combination of the keys' values, so that `count` with only string or
   * Date equalities on some of these fields answers without reading the matches (a table kept by triggers;
   * MongoDB: a plain index on the keys, which countDocuments scans without reading documents).
   */
  counts?: boolean;
  /**
   * A plain index over top-level fields whose keys a `count` naming only them (a range included: a tenant's
   * messages of one day), and the rows a `find` sorted by them skips, should be read without the documents.
   * PostgreSQL answers neither from an index over document expressions alone, and keeps a narrow table of the
   * keys by triggers for them; SQLite and MongoDB create a plain index.
   */
  covering?: boolean;
  /**
   * A partial index: only documents matching every one of these conditions (a value, `null` for null or missing,
   * or `$in` a list) are indexed, so a write that leaves a document outside them adds no entry. A query may use
   * the index only when its filter states each condition (the same value, or one or several of the listed values
   * by equality or `$in`). For a plain index (not unique, text, counts, covering or TTL) over top-level fields; a
   * store from before with the same keys unfiltered gets the partial index and loses the full one. PostgreSQL
   * indexes exactly these documents; SQLite and MongoDB leave the `$in` conditions out (their planners match a
   * condition only to the same condition, and MongoDB before 6.0 refuses `$in` there), indexing more documents.
   */
  partial?: PartialFilter;
}

/** A partial index's conditions: see `IndexOptions.partial`. */
export type PartialFilter = Record<string, PartialValue | { $in: PartialValue[] }>;
export type PartialValue = string | boolean | null;

/** Raised by inserts and updates that would break a unique index. */
export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    message = 'duplicate key',
  ) {
    super(`${collection}: ${message}`);
    this.name = 'DuplicateKeyError';
  }
}

/**
 * Raised when the engine cannot be reached or went away (a database server restarting, refusing connections):
 * the operation did not run, or its outcome is unknown for a write. The store reconnects by itself.
 */
export class StoreUnavailableError extends Error {
  constructor(override readonly cause: unknown) {
    super(`store unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'StoreUnavailableError';
  }
}

/**
 * When a write's promise settles. `committed` (the default): once the write is durable. `with-next-write`: once it
 * is applied, its result known; it becomes durable no later than the next write of the same store that settles
 * `committed` (an engine that commits each write on its own makes it durable at once). For a write whose loss in
 * a crash only matters when a later write landed: the caller saves a commit's wait, often a turn of the event loop.
 */
export type Durability = 'committed' | 'with-next-write';

/**
 * Every document handed out is a copy. An upsert never invents an id: the filter's `_id` or `$setOnInsert._id`
 * names the new document, otherwise the call throws.
 */
export interface Collection<T extends Doc> {
  /** Idempotent when called again with the same keys and options (do it at start-up). */
  createIndex(keys: Record<string, 1 | -1>, options?: IndexOptions): Promise<void>;
  insertOne(doc: T): Promise<void>;
  /** All or nothing: a duplicate raises DuplicateKeyError and none of the batch is kept. */
  insertMany(docs: T[]): Promise<void>;
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  /**
   * With `limit`, counts at most that many (a search whose total only needs to reach the deepest page a
   * client can ask for need not count a million matches).
   */
  count(filter: Filter, options?: { limit?: number }): Promise<number>;
  /**
   * Compare-and-set: applies `update` to one document matching `filter`; returns how many matched (0 or 1).
   * Atomic under concurrent writers in any number of processes.
   */
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<{ matched: number; upserted: boolean }>;
  /** Returns how many documents matched (changed or not). */
  updateMany(filter: Filter, update: Update): Promise<number>;
  /**
   * Atomically updates the first match (by `sort`) and returns it as it is after the update, or null; null only
   * when nothing matches (a match that another writer holds is waited for or passed over, never a reason for null).
   */
  findOneAndUpdate(filter: Filter, update: Update, options?: { sort?: Sort; upsert?: boolean; durability?: Durability }): Promise<T | null>;
  /** Returns how many documents were deleted. */
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
