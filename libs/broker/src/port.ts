import type { Envelope } from '@mailplane/contracts';

/** What a consumer decides for each message it was handed. */
export type Outcome =
  | { kind: 'ack' }
  | { kind: 'retry'; delayMs: number }
  | { kind: 'dead-letter'; reason: string };

export const ack = (): Outcome => ({ kind: 'ack' });
export const retry = (delayMs: number): Outcome => ({ kind: 'retry', delayMs });
export const deadLetter = (reason: string): Outcome => ({ kind: 'dead-letter', reason });

export interface Delivery {
  /** 1 on first delivery; grows with every retry and redelivery. */
  attempt: number;
  /** True when the broker handed this message out before without an ack (consumer died). */
  redelivered: boolean;
  headers: Record<string, string>;
}

export type Handler = (message: Envelope, delivery: Delivery) => Promise<Outcome>;

export interface ConsumeOptions {
  /** Unacknowledged messages in flight for this consumer. */
  prefetch: number;
  /** Topic patterns on the events exchange to bind the queue to (`email.*`, `#`). */
  bindings?: string[];
  /** A handler that throws is retried this many times (with backoff) before it is dead-lettered. */
  maxAttempts?: number;
}

export interface Subscription {
  cancel(): Promise<void>;
}

export type RpcHandler = (request: unknown, meta: { correlationId: string; deadline: number }) => Promise<unknown>;

export interface RpcOptions {
  timeoutMs: number;
  correlationId?: string;
}

/** Raised by request() when no reply came before the deadline. */
export class RpcTimeoutError extends Error {
  constructor(readonly queue: string, readonly timeoutMs: number) {
    super(`no reply from ${queue} within ${timeoutMs} ms`);
    this.name = 'RpcTimeoutError';
  }
}

/** Raised when a message could not be confirmed by the broker (publish failed or broker down past the deadline). */
export class BrokerUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BrokerUnavailableError';
  }
}

/**
 * The broker port. Two adapters implement it with the same semantics: RabbitMQ (amqplib) and in-process.
 * Queues are durable, each with a dead-letter queue named `<queue>.dead`.
 */
export interface Broker {
  /** Puts a work item on a queue; resolves once the broker confirmed it. `delayMs` defers delivery. */
  send(queue: string, message: Envelope, options?: { delayMs?: number; headers?: Record<string, string> }): Promise<void>;
  /** Publishes a domain event on the topic exchange, routed by `message.type`; resolves once confirmed. */
  publish(message: Envelope, options?: { headers?: Record<string, string> }): Promise<void>;
  consume(queue: string, handler: Handler, options: ConsumeOptions): Promise<Subscription>;
  /** Messages currently dead-lettered for a queue (oldest first), for operators and tests. */
  deadLetters(queue: string): Promise<Envelope[]>;
  /** Request/reply with a deadline; throws RpcTimeoutError when no answer comes in time. */
  request(queue: string, payload: unknown, options: RpcOptions): Promise<unknown>;
  serve(queue: string, handler: RpcHandler, options?: { prefetch?: number }): Promise<Subscription>;
  close(): Promise<void>;
}
