import request, { type Response } from 'supertest';
import type { AuditContext } from '@mailplane/runtime';

/** Who a test's direct domain call acts as: the audit record of its change names this operator. */
export const testAudit: AuditContext = {
  actor: { type: 'operator', id: 'operator', name: 'test', ip: null, userAgent: null },
  requestId: 'req_test',
};

/** What a kill test reads of a record. */
export interface LogRecord {
  operationId: string;
  requestId: string;
  target: { id: string };
}

/** Every record of the tenant's log, following the cursor to the end. */
export async function wholeLog(url: string, key: string): Promise<LogRecord[]> {
  const records: LogRecord[] = [];
  let cursor: string | null = null;
  do {
    const res: Response = await request(url)
      .get('/audit-log')
      .query({ limit: 100, ...(cursor ? { cursor } : {}) })
      .set({ Authorization: `Bearer ${key}` });
    if (res.status !== 200) throw new Error(`GET /audit-log: ${res.status} ${res.text}`);
    records.push(...res.body.data);
    cursor = res.body.nextCursor;
  } while (cursor);
  return records;
}
