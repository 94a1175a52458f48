export interface PageQuery {
  limit: number;
  offset: number;
}

/** One page of a list answer, in the contract's shape `{ data, total, limit, offset }`; rows and count are read together. */
export async function pageOf<R, V>(page: PageQuery, rows: Promise<R[]>, total: Promise<number>, view: (row: R) => V) {
  const [records, count] = await Promise.all([rows, total]);
  return { data: records.map(view), total: count, limit: page.limit, offset: page.offset };
}
