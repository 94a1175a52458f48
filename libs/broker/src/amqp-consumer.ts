import type { Envelope } from '@mailplane/contracts';
import type { Channel, ConsumeMessage } from 'amqplib';
import { attemptOf, retryHeaders, userHeaders } from './amqp-topology';
import { backoffMs, checkedOutcome, DEFAULT_MAX_ATTEMPTS, errorFields, type RetryPolicy } from './delivery-policy';
import type { BrokerLogger, ConsumeOptions, Handler, Outcome } from './port';
import { consumeSpan } from './traced';

export interface ConsumerDeps {
  retry: RetryPolicy;
  logger?: BrokerLogger;
  requeueLater(queue: string, message: ConsumeMessage, delayMs: number, headers: Record<string, unknown>): Promise<void>;
}

/** Runs the handler on one delivery and applies its outcome: ack, retry through a delay queue, or dead-letter. */
export function workHandler(queue: string, handler: Handler, options: ConsumeOptions, deps: ConsumerDeps) {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const { logger } = deps;
  const meta = (message: ConsumeMessage) => ({ queue, messageId: message.properties.messageId, type: message.properties.type });

  return async (channel: Channel, message: ConsumeMessage): Promise<void> => {
    const attempt = attemptOf(message);
    const outcome = await decide(message, attempt);
    try {
      if (outcome.kind === 'ack') return channel.ack(message);
      if (outcome.kind === 'dead-letter') {
        logger?.warn('message dead-lettered', { ...meta(message), attempt, reason: outcome.reason });
        // requeue=false: the queue's dead-letter arguments route it to `<queue>.dead` instead of looping.
        return channel.nack(message, false, false);
      }
      await deps.requeueLater(queue, message, outcome.delayMs, retryHeaders(message, attempt + 1));
      channel.ack(message);
    } catch (err) {
      // The channel or connection died: without an ack RabbitMQ hands the message out again.
      logger?.warn('could not settle message; it will be redelivered', { ...meta(message), ...errorFields(err) });
    }
  };

  async function decide(message: ConsumeMessage, attempt: number): Promise<Outcome> {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.content.toString('utf8'));
    } catch {
      return { kind: 'dead-letter', reason: 'body is not JSON' };
    }
    try {
      const delivery = { attempt, redelivered: message.fields.redelivered, headers: userHeaders(message) };
      return checkedOutcome(await consumeSpan(queue, envelope, delivery.headers, () => handler(envelope, delivery)));
    } catch (err) {
      logger?.warn('message handler failed', { ...meta(message), attempt, ...errorFields(err) });
      if (attempt >= maxAttempts) return { kind: 'dead-letter', reason: 'handler kept failing' };
      return { kind: 'retry', delayMs: backoffMs(deps.retry, attempt) };
    }
  }
}
