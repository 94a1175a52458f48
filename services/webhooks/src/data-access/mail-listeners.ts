import type { Broker } from '@mailplane/broker';
import {
  AppError,
  NARROW_LISTENERS_OPERATION,
  RPC_QUEUES,
  WIDEN_LISTENERS_OPERATION,
  type NarrowedListeners,
  internalRequest,
  type RpcReply,
} from '@mailplane/contracts';
import { newId } from '@mailplane/runtime';

/** Well inside the gateway's wait for the endpoint change that asks it. */
const TIMEOUT_MS = 3_000;

/** Tells mail which event types a tenant's endpoints listen for: mail publishes only those (docs/decisions/event-listeners.md). */
export function mailListenersClient(broker: Broker) {
  const call = async (operationId: string, tenantId: string, eventTypes: string[]): Promise<RpcReply> => {
    const requestId = newId('req', Date.now());
    const request = internalRequest(operationId, requestId, tenantId, { eventTypes });
    const reply = (await broker.request(RPC_QUEUES.mail, request, { timeoutMs: TIMEOUT_MS, correlationId: requestId })) as RpcReply;
    if (reply.status >= 300) throw new Error(`mail answered ${reply.status} to ${operationId}`);
    return reply;
  };
  return {
    /** Before an endpoint listening for `eventTypes` is stored or enabled; a change mail did not take is refused (503). */
    async widen(tenantId: string, eventTypes: string[]): Promise<void> {
      try {
        await call(WIDEN_LISTENERS_OPERATION, tenantId, eventTypes);
      } catch (err) {
        throw new AppError(
          'service_unavailable',
          'The mail service did not confirm the endpoint’s events; nothing was changed. Try again.',
          {
            extra: { reason: err instanceof Error ? err.name : 'error' },
          },
        );
      }
    },
    /** Every type the tenant's enabled endpoints listen for; whether mail took it. */
    narrow: async (tenantId: string, eventTypes: string[]): Promise<boolean> =>
      ((await call(NARROW_LISTENERS_OPERATION, tenantId, eventTypes)).body as NarrowedListeners).applied,
  };
}
export type MailListeners = ReturnType<typeof mailListenersClient>;
