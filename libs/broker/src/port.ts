import type { Envelope } from '@mailplane/contracts';

/** What a consumer decides for each message it was handed. */
export type Outcome = { kind: 'ack' } | { kind: 'retry'; delayMs: number } | { kind: 'dead-letter'; reason: string };

export const ack = (): Outcome => ({ kind: 'ack' });
export const retry = (delayMs: number): Outcome => ({ kind: 'retry', delayMs });
export const deadLetter = (reason: string): Outcome => ({ kind: 'dead-letter', reason });

export interface Delivery {
  /** 1 on first delivery; grows with every retry and redelivery (the AMQP adapter counts a redelivery once). */
  attempt: number;
  redelivered: boolean;
  headers: Record<string, string>;
}

export type Handler = (message: Envelope, delivery: Delivery) => Promise<Outcome>;

export interface ConsumeOptions {
  prefetch: number;
  /** Topic patterns on the events exchange to bind the queue to (`email.*`, `#`). */
  bindings?: string[];
  /** A throwing handler's tries (default 5, with backoff) before dead-lettering; in-process retries on. `retry` is never capped. */
  maxAttempts?: number;
}

export interface Subscription {
  cancel(): Promise<void>;
}

/** A broadcast listener: `live` while it hears every broadcast sent. */
export interface Listener extends Subscription {
  live(): boolean;
}

export type RpcHandler = (request: unknown, meta: { correlationId: string; deadline: number }) => Promise<unknown>;

export interface RpcOptions {
  timeoutMs: number;
  /** The server's deadline from now (default `timeoutMs`); a shorter one leaves its reply time to travel back. */
  deadlineMs?: number;
  correlationId?: string;
}

export class RpcTimeoutError extends Error {
  constructor(
    readonly queue: string,
    readonly timeoutMs: number,
  ) {
    super(`no reply from ${queue} within ${timeoutMs} ms`);
    this.name = 'RpcTimeoutError';
  }
}

/** Raised by request() when the serving handler threw; carries its message (and `code` if it had one), never its stack. */
export class RpcRemoteError extends Error {
  constructor(
    readonly queue: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'RpcRemoteError';
  }
}

/** Raised when a message could not be confirmed by the broker (publish failed or broker down past the deadline). */
export class BrokerUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BrokerUnavailableError';
  }
}

/** The connection dropped after the request reached the broker, so the server may have acted on it. */
export class RpcReplyLostError extends BrokerUnavailableError {
  constructor(message: string) {
    super(message);
    this.name = 'RpcReplyLostError';
  }
}

/** What the adapters log through (structurally a subset of the runtime logger). Bodies are never logged. */
export interface BrokerLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** A mandatory publish found no queue bound to its type: the message went nowhere, and its publisher keeps it. */
export class UnroutableError extends BrokerUnavailableError {
  constructor(type: string) {
    super(`no queue is bound to ${type}`);
    this.name = 'UnroutableError';
  }
}

/** The broker port; the RabbitMQ and in-process adapters share its semantics. Dead letters go to `<queue>.dead`. */
export interface Broker {
  /** Puts a work item on a queue; resolves once the broker confirmed it. `delayMs` defers delivery. */
  send(queue: string, message: Envelope, options?: { delayMs?: number; headers?: Record<string, string> }): Promise<void>;
  /** Publishes an event routed by `message.type`; `mandatory` rejects with UnroutableError when no queue is bound. */
  publish(message: Envelope, options?: { headers?: Record<string, string>; mandatory?: boolean }): Promise<void>;
  consume(queue: string, handler: Handler, options: ConsumeOptions): Promise<Subscription>;
  /** Tells every process listening now (a record changed: forget it); one not connected learns of the gap instead. */
  broadcast(message: Envelope): Promise<void>;
  /** Hears every broadcast from now on; `onGap` runs when the listener stops hearing and once it hears again. */
  listen(handler: (message: Envelope) => void, onGap: () => void): Promise<Listener>;
  /** Messages currently dead-lettered for a queue (oldest first), for operators and tests. */
  deadLetters(queue: string): Promise<Envelope[]>;
  /** Request/reply; throws RpcTimeoutError, RpcRemoteError (handler threw) or BrokerUnavailableError (connection lost). */
  request(queue: string, payload: unknown, options: RpcOptions): Promise<unknown>;
  serve(queue: string, handler: RpcHandler, options?: { prefetch?: number }): Promise<Subscription>;
  /** True while messages can be handed to the broker now (RabbitMQ: a live connection); readiness and metrics. */
  connected(): boolean;
  /** Stays the same while the queues keep what was put on them: per instance in-process, across processes with RabbitMQ. */
  readonly queuesEpoch: string;
  close(): Promise<void>;
}
