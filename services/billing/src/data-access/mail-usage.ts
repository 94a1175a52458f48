import type { Broker } from '@mailplane/broker';
import { internalRequest, MONTHLY_USAGE_OPERATION, RPC_QUEUES, type MonthlyUsage, type RpcReply } from '@mailplane/contracts';

/** Mail keeps the quota counters; billing asks it rather than keep a second count that could drift. */
export function mailUsageClient(broker: Broker, timeoutMs: number) {
  return async (tenantId: string, requestId: string): Promise<MonthlyUsage> => {
    const request = internalRequest(MONTHLY_USAGE_OPERATION, requestId, tenantId, null);
    const reply = (await broker.request(RPC_QUEUES.mail, request, { timeoutMs, correlationId: requestId })) as RpcReply;
    if (reply.status !== 200) throw new Error(`mail answered ${reply.status} for the monthly usage`);
    return reply.body as MonthlyUsage;
  };
}
export type MailUsage = ReturnType<typeof mailUsageClient>;
