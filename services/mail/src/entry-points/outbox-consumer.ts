import { QUEUES } from '@mailplane/contracts';
import { deadLetter, type Broker, type Subscription } from '@mailplane/broker';
import { deliver, type DeliverDeps } from '../pipeline/deliver';

/** The outbox queue's consumer: each work item names one message; the store says what to do with it. */
export function consumeOutbox(broker: Broker, deps: DeliverDeps): Promise<Subscription> {
  return broker.consume(
    QUEUES.mailOutbox,
    async (envelope) => {
      const messageId = (envelope.data as { messageId?: unknown })?.messageId;
      if (typeof messageId !== 'string') return deadLetter('work item without a messageId');
      return deliver(deps, messageId);
    },
    { prefetch: deps.config.workerPrefetch, maxAttempts: 10 },
  );
}
