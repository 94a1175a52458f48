import { BrokerUnavailableError, RpcTimeoutError, type Broker } from '@mailplane/broker';
import { AppError, RPC_QUEUES, rpcQueue, type RpcReply, type RpcRequest } from '@mailplane/contracts';

/** A service behind the gateway, reached over broker RPC. */
export type BackendService = keyof typeof RPC_QUEUES;
export const BACKEND_SERVICES = Object.keys(RPC_QUEUES) as BackendService[];

const PING_TIMEOUT_MS = 1500;

export function servicesRpc(broker: Broker, options: { timeoutMs: number }) {
  return {
    /** Sends one request to the owning service; a service that is down or slow becomes a problem, never a hang. */
    async forward(service: BackendService, request: RpcRequest): Promise<RpcReply> {
      try {
        const reply = await broker.request(rpcQueue(service), request, { timeoutMs: options.timeoutMs, correlationId: request.requestId });
        return reply as RpcReply;
      } catch (err) {
        if (err instanceof RpcTimeoutError) throw new AppError('service_timeout', `The ${service} service did not answer in time.`);
        if (err instanceof BrokerUnavailableError) throw new AppError('service_unavailable', `The ${service} service cannot be reached.`);
        throw err;
      }
    },
    async isUp(service: BackendService): Promise<boolean> {
      try {
        await broker.request(rpcQueue(service), { operationId: 'ping', requestId: 'health' }, { timeoutMs: PING_TIMEOUT_MS });
        return true;
      } catch {
        return false;
      }
    },
  };
}
export type ServicesRpc = ReturnType<typeof servicesRpc>;
