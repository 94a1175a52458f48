import request, { type Response } from 'supertest';
import { ack, type Broker } from '@mailplane/broker';
import { QUEUES, type AuditRecorded, type Envelope } from '@mailplane/contracts';
import type { AuditContext } from '@mailplane/runtime';

/** Who a test's direct domain call acts as: the audit record of its change names this operator. */
export const testAudit: AuditContext = {
  actor: { type: 'operator', id: 'operator', name: 'test', ip: null, userAgent: null },
  requestId: 'req_test',
};

/**
 * The gateway's side of the broker for a service started alone, bound as every gateway binds it before any change:
 * audit records are published mandatory, and without a queue they (and the events behind them) would wait in their
 * outbox. `queue` other than the gateway's: a test's own copy of every record, beside the gateway's.
 */
export async function bindAuditQueue(broker: Broker, queue: string = QUEUES.gatewayAudit) {
  const records: Envelope<AuditRecorded>[] = [];
  const subscription = await broker.consume(
    queue,
    async (event) => {
      records.push(event as Envelope<AuditRecorded>);
      return ack();
    },
    { prefetch: 16, bindings: ['audit.recorded'] },
  );
  return { records, cancel: () => subscription.cancel() };
}
export type AuditQueue = Awaited<ReturnType<typeof bindAuditQueue>>;

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
