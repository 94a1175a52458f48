import { AppError, type RpcReply, type RpcRequest } from '@mailplane/contracts';
import { BrokerUnavailableError, RpcTimeoutError, type Broker } from '@mailplane/broker';

export const serviceQueue = (service: string) => `rpc.${service}`;

/** Sends one request to the owning service; a service that is down or slow becomes a problem, never a hang. */
export async function forward(broker: Broker, service: string, request: RpcRequest, timeoutMs: number): Promise<RpcReply> {
  try {
    return (await broker.request(serviceQueue(service), request, { timeoutMs, correlationId: request.requestId })) as RpcReply;
  } catch (err) {
    if (err instanceof RpcTimeoutError) throw new AppError('service_timeout', `The ${service} service did not answer in time.`);
    if (err instanceof BrokerUnavailableError) throw new AppError('service_unavailable', `The ${service} service cannot be reached.`);
    throw err;
  }
}
