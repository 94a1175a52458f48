import { BrokerUnavailableError, RpcReplyLostError, RpcTimeoutError, type Broker } from '@mailplane/broker';
import { AppError, getOperation, healthQueueOf, RPC_QUEUES, rpcQueue, type RpcReply, type RpcRequest } from '@mailplane/contracts';
import type { Holder } from '../domain/shares';
import { busy, createAdmission, type Admission, type AdmissionLimits, type Place } from '../flow-control/admission';

export type BackendService = keyof typeof RPC_QUEUES;
export const BACKEND_SERVICES = Object.keys(RPC_QUEUES) as BackendService[];

// Pings have a queue of their own, so a slow answer means a stalled service, not a busy one.
const PING_TIMEOUT_MS = 800;
const RETRY_SOON = { 'Retry-After': '1' };

/**
 * The service's deadline comes this much before the gateway stops waiting, so an answer given in time always
 * arrives: a missing answer then means the service died or stalled.
 */
const replyGraceMs = (timeoutMs: number) => Math.min(1000, Math.floor(timeoutMs / 4));

function isSafe(operationId: string): boolean {
  try {
    return ['get', 'head'].includes(getOperation(operationId).method);
  } catch {
    return false;
  }
}

function unanswered(service: string, request: RpcRequest, err: unknown): unknown {
  const safe = isSafe(request.operationId);
  const lost = err instanceof RpcTimeoutError || err instanceof RpcReplyLostError;
  if (lost && !safe) {
    return new AppError('outcome_unknown', `The ${service} service took the request and its answer was lost.`, { headers: RETRY_SOON });
  }
  if (err instanceof RpcTimeoutError) return new AppError('service_timeout', `The ${service} service did not answer in time.`);
  if (err instanceof BrokerUnavailableError) {
    return new AppError('service_unavailable', `The ${service} service cannot be reached.`, { headers: RETRY_SOON });
  }
  return err;
}

export function servicesRpc(broker: Broker, options: { timeoutMs: number; admission: AdmissionLimits }) {
  const lines = new Map<BackendService, Admission>(BACKEND_SERVICES.map((s) => [s, createAdmission(s, options.admission)]));
  const line = (service: BackendService) => lines.get(service) as Admission;
  return {
    checkRoom(service: BackendService, holder?: Holder, source?: string): void {
      if (!line(service).hasRoom(holder, source)) throw busy(service);
    },
    admit(service: BackendService, holder: Holder, source?: string): Place {
      const place = line(service).admit(holder, source);
      if (!place) throw busy(service);
      return place;
    },
    async forward(service: BackendService, request: RpcRequest, admitted: Place): Promise<RpcReply> {
      const deadlineMs = options.timeoutMs - replyGraceMs(options.timeoutMs);
      return admitted.run(async () => {
        try {
          const reply = await broker.request(rpcQueue(service), request, {
            timeoutMs: options.timeoutMs,
            deadlineMs,
            correlationId: request.requestId,
          });
          return reply as RpcReply;
        } catch (err) {
          throw unanswered(service, request, err);
        }
      });
    },
    async isUp(service: BackendService): Promise<boolean> {
      try {
        await broker.request(
          healthQueueOf(rpcQueue(service)),
          { operationId: 'ping', requestId: 'health' },
          { timeoutMs: PING_TIMEOUT_MS },
        );
        return true;
      } catch {
        return false;
      }
    },
    load: (service: BackendService) => line(service).load(),
  };
}
export type ServicesRpc = ReturnType<typeof servicesRpc>;
