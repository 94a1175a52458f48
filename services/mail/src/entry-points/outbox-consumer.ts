import { QUEUES } from '@mailplane/contracts';
import { ack, deadLetter, retry, type Broker, type Subscription } from '@mailplane/broker';
import { REQUEST_ID_HEADER, withRequestId } from '@mailplane/runtime';
import { annotateSpan } from '@mailplane/telemetry';
import type { MessageBody } from '../data-access/messages-repo';
import { deliver, type DeliverDeps } from '../domain/delivery/deliver';
import type { DeliveryPacer } from '../domain/delivery/pacing';

/**
 * The outbox queue's consumer: each work item names one message; the store says what to do with it. The pacer
 * decides how many run at once (fewer while the API is busy); the others wait unacknowledged, in hand.
 */
export function consumeOutbox(broker: Broker, deps: DeliverDeps, pacer: DeliveryPacer): Promise<Subscription> {
  return broker.consume(
    QUEUES.mailOutbox,
    async (envelope, { headers }) => {
      const { messageId, body } = (envelope.data ?? {}) as { messageId?: unknown; body?: MessageBody };
      if (typeof messageId !== 'string') return deadLetter('work item without a messageId');
      annotateSpan({ 'mailplane.message_id': messageId });
      const delivery = await withRequestId(headers[REQUEST_ID_HEADER], () => pacer.run(() => deliver(deps, messageId, body)));
      return delivery.done ? ack() : retry(delivery.retryInMs);
    },
    { prefetch: deps.config.workerPrefetch, maxAttempts: 10 },
  );
}
