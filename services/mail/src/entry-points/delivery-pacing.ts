import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import type { OperationHandlers } from '@mailplane/runtime';
import type { DeliveryPacer } from '../domain/delivery/pacing';

const SAMPLE_EVERY_MS = 50;

/**
 * Feeds the pacer what this process's event loop did each period: how busy it was and how many of mail's API
 * requests it answered (counted by the handlers returned). Stop it with the service.
 */
export function paceDelivery(pacer: DeliveryPacer, handlers: OperationHandlers): { handlers: OperationHandlers; stop(): void } {
  let requests = 0;
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    pacer.adjust({ busy: performance.eventLoopUtilization(now, last).utilization, requests });
    last = now;
    requests = 0;
  }, SAMPLE_EVERY_MS);
  timer.unref();
  const counted = Object.fromEntries(
    Object.entries(handlers).map(([operationId, handler]) => [
      operationId,
      ((request, context) => {
        requests++;
        return handler(request, context);
      }) satisfies OperationHandlers[string],
    ]),
  );
  return { handlers: counted, stop: () => clearInterval(timer) };
}
