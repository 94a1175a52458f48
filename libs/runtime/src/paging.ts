import { AppError } from '@mailplane/contracts';

export interface PageQuery {
  limit: number;
  offset: number;
}

/** One page of a list answer, in the contract's shape `{ data, total, limit, offset }`; rows and count are read together. */
export async function pageOf<R, V>(page: PageQuery, rows: Promise<R[]>, total: Promise<number>, view: (row: R) => V) {
  const [records, count] = await Promise.all([rows, total]);
  return { data: records.map(view), total: count, limit: page.limit, offset: page.offset };
}

/** The instants of a list's `from` (inclusive) and `to` (exclusive): an empty or reversed range is a 400, not a page. */
export function timeRange(query: { from?: string; to?: string }): { from?: Date; to?: Date } {
  const from = query.from ? new Date(query.from) : undefined;
  const to = query.to ? new Date(query.to) : undefined;
  if (from && to && from >= to) {
    throw new AppError('validation_failed', '`from` must be earlier than `to`.', {
      extra: { errors: [{ path: '/query/from', message: 'must be earlier than to' }] },
    });
  }
  return { from, to };
}
