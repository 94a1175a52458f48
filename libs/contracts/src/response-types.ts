import type { Schemas } from './schemas';

/** A page of a list: `{ data, total, limit, offset }` (the document's `*List` schemas, for any item type). */
export interface Page<T> {
  data: T[];
  total: number;
  limit: number;
  offset: number;
}

/** RFC 9457 problem body (application/problem+json). */
export type Problem = Schemas['Problem'];

export type QuotaProblem = Schemas['QuotaProblem'];
