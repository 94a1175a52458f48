// Shapes every part of the HTTP API shares: list pages and problem bodies.
import type { ErrorCode } from './errors';

/** A page of a list: `{ data, total, limit, offset }`. */
export interface Page<T> {
  data: T[];
  total: number;
  limit: number;
  offset: number;
}

/** RFC 9457 problem body (application/problem+json). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  detail?: string;
  instance?: string;
  requestId: string;
  errors?: Array<{ path: string; message: string }>;
}

/** A `quota_exceeded` problem. */
export interface QuotaProblem extends Problem {
  limit: number;
  used: number;
  /** Start of the next calendar month, UTC. */
  resetAt: string;
}
