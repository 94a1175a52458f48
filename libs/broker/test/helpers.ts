import { randomUUID } from 'node:crypto';
import type { Envelope } from '@mailplane/contracts';
import { ack, type Broker, type ConsumeOptions, type Delivery, type Outcome } from '../src';

/** Unique per call, so queues and event types of one test never meet another's on a shared RabbitMQ. */
export const unique = (prefix: string): string => `${prefix}-${randomUUID().slice(0, 8)}`;

export function envelope(type: string, data: unknown = {}, id = randomUUID()): Envelope {
  return { id, type, version: 1, occurredAt: new Date().toISOString(), tenantId: 'ten_test', correlationId: `req_${id}`, data };
}

/** Polls until `predicate` holds; fails with `what` after `timeoutMs`. */
export async function waitFor(predicate: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Settles to the error a promise rejected with, or fails if it resolved. */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection, got a value');
}

/** Backoff base the suite asks adapters for, so "throw → retries → dead letter" runs in well under a second. */
export const RETRY_BASE_MS = 40;

export interface ContractContext {
  readonly broker: Broker;
  /** Whether a handler that keeps throwing is dead-lettered (RabbitMQ) or retried on (in-process: its dead letters die with it). */
  readonly deadLettersFailures: boolean;
}

export interface Received {
  message: Envelope;
  delivery: Delivery;
  at: number;
}

/** Consumes into an array; `decide` picks each outcome (ack by default). */
export async function collect(
  broker: Broker,
  queue: string,
  options: ConsumeOptions,
  decide: (message: Envelope, delivery: Delivery) => Outcome | Promise<Outcome> = () => ack(),
) {
  const received: Received[] = [];
  const subscription = await broker.consume(
    queue,
    async (message, delivery) => {
      received.push({ message, delivery, at: Date.now() });
      return decide(message, delivery);
    },
    options,
  );
  return { received, subscription };
}
