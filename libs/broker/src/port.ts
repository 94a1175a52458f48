import type { Envelope } from '@mailplane/contracts';

/** What a consumer decides for each message it was handed. */
export type Outcome = { kind: 'ack' } | { kind: 'retry'; delayMs: number } | { kind: 'dead-letter'; reason: string };

export const ack = (): Outcome => ({ kind: 'ack' });
export const retry = (delayMs: number): Outcome => ({ kind: 'retry', delayMs });
export const deadLetter = (reason: string): Outcome => ({ kind: 'dead-letter', reason });

export interface Delivery {
  /** 1 on first delivery; grows with every retry and redelivery (the AMQP adapter counts a redelivery once). */
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
  /**
   * A handler that throws is tried this many times in all (default 5, exponential backoff between tries) before it
   * is dead-lettered into RabbitMQ's durable `<queue>.dead`. The in-process broker, whose dead letters would die with
   * its process, retries it on instead (logging an error at each try past this). An explicit `retry` outcome is the
   * handler's own decision and is not capped.
   */
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
  /** How long the caller waits for the reply. */
  timeoutMs: number;
  /**
   * The server's deadline, from now (default `timeoutMs`): a shorter one leaves the server's answer time to
   * travel back, so a server that acts only before its deadline is always heard by a caller still waiting.
   */
  deadlineMs?: number;
  correlationId?: string;
}

/** Raised by request() when no reply came before the deadline. */
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

/**
 * Raised by request() when the connection went down after the request was handed to the broker: the server may
 * have acted on it. A `BrokerUnavailableError`, so callers that do not care about the difference need not look.
 */
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

/**
 * Raised when a mandatory publish found no queue bound to its type (a broker wiped of its queues, a consumer never
 * started): the message went nowhere, and its publisher keeps it to publish again.
 */
export class UnroutableError extends BrokerUnavailableError {
  constructor(type: string) {
    super(`no queue is bound to ${type}`);
    this.name = 'UnroutableError';
  }
}

/**
 * The broker port. Two adapters implement it with the same semantics: RabbitMQ (amqplib) and in-process.
 * Queues are durable, each with a dead-letter queue named `<queue>.dead`.
 */
export interface Broker {
  /** Puts a work item on a queue; resolves once the broker confirmed it. `delayMs` defers delivery. */
  send(queue: string, message: Envelope, options?: { delayMs?: number; headers?: Record<string, string> }): Promise<void>;
  /**
   * Publishes a domain event on the topic exchange, routed by `message.type`; resolves once confirmed. `mandatory`:
   * rejects with UnroutableError when no queue is bound to the type, instead of dropping it as unwanted.
   */
  publish(message: Envelope, options?: { headers?: Record<string, string>; mandatory?: boolean }): Promise<void>;
  consume(queue: string, handler: Handler, options: ConsumeOptions): Promise<Subscription>;
  /**
   * A notice to every process listening now (a record changed: forget it); resolves once the broker confirmed it.
   * Nothing is kept for a listener not connected: it learns of the gap instead.
   */
  broadcast(message: Envelope): Promise<void>;
  /**
   * Hears every broadcast from now on. `onGap` runs whenever some may have been missed: when the listener stops
   * hearing (a lost connection) and once it hears again; in between, `live()` is false.
   */
  listen(handler: (message: Envelope) => void, onGap: () => void): Promise<Listener>;
  /** Messages currently dead-lettered for a queue (oldest first), for operators and tests. */
  deadLetters(queue: string): Promise<Envelope[]>;
  /**
   * Request/reply with a deadline; throws RpcTimeoutError when no answer comes in time, RpcRemoteError when the
   * handler threw, BrokerUnavailableError when the connection is lost before the reply.
   */
  request(queue: string, payload: unknown, options: RpcOptions): Promise<unknown>;
  serve(queue: string, handler: RpcHandler, options?: { prefetch?: number }): Promise<Subscription>;
  /** True while messages can be handed to the broker now (RabbitMQ: a live connection); readiness and metrics. */
  connected(): boolean;
  /**
   * Names the life of the broker's queues: what was put on them is still there while this stays the same. An
   * in-process broker's queues die with it (each instance its own); RabbitMQ's durable queues outlive every process.
   */
  readonly queuesEpoch: string;
  close(): Promise<void>;
}
