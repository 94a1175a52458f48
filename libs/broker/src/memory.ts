import { randomUUID } from 'node:crypto';
import type { Envelope } from '@mailplane/contracts';
import { withTraceHeaders } from '@mailplane/telemetry';
import { MemoryQueue, type QueueConsumer } from './memory-queue';
import { MemoryRpc } from './memory-rpc';
import { TopicBindings } from './memory-topic';
import {
  BrokerUnavailableError,
  UnroutableError,
  type Broker,
  type BrokerLogger,
  type ConsumeOptions,
  type Handler,
  type Outcome,
} from './port';
import {
  assertPrefetch,
  backoffMs,
  checkedOutcome,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_RETRY,
  errorFields,
  type RetryPolicy,
} from './delivery-policy';
import { consumeSpan, requestSpan } from './traced';

const MAX_TIMER_MS = 2 ** 31 - 1;

export interface MemoryBrokerOptions {
  retry?: Partial<RetryPolicy>;
  logger?: BrokerLogger;
}

interface Item {
  body: string;
  headers: Record<string, string>;
  attempt: number;
  redelivered: boolean;
}

/** In-process broker with RabbitMQ's semantics, for the embedded mode and fast tests. */
export function createMemoryBroker(options: MemoryBrokerOptions = {}): Broker {
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const logger = options.logger;
  const queues = new Map<string, MemoryQueue<Item>>();
  const bindings = new TopicBindings();
  const timers = new Set<NodeJS.Timeout>();
  const subscriptions = new Set<{ cancel(): Promise<void> }>();
  const rpc = new MemoryRpc();
  const listeners = new Set<(message: Envelope) => void>();
  let closed = false;

  const queue = (name: string) => {
    let found = queues.get(name);
    if (!found) queues.set(name, (found = new MemoryQueue<Item>()));
    return found;
  };
  // Node fires a timer of more than 2^31-1 ms at once: a longer delay waits in steps.
  const later = (delayMs: number, fn: () => void) => {
    if (delayMs <= 0) return fn();
    const step = Math.min(delayMs, MAX_TIMER_MS);
    const timer = setTimeout(() => {
      timers.delete(timer);
      later(delayMs - step, fn);
    }, step);
    timers.add(timer);
  };
  const assertOpen = () => {
    if (closed) throw new BrokerUnavailableError('broker is closed');
  };
  const item = (message: Envelope, headers: Record<string, string> = {}): Item => ({
    body: JSON.stringify(message),
    headers: withTraceHeaders({ ...headers }),
    attempt: 1,
    redelivered: false,
  });

  const settleOutcome = (name: string, done: Item, outcome: Outcome) => {
    if (outcome.kind === 'retry') {
      later(outcome.delayMs, () => queue(name).push({ ...done, attempt: done.attempt + 1, redelivered: false }));
    } else if (outcome.kind === 'dead-letter') {
      logger?.warn('message dead-lettered', { queue: name, reason: outcome.reason, attempt: done.attempt });
      queue(`${name}.dead`).push(done);
    }
  };

  const consume = async (name: string, handler: Handler, consumeOptions: ConsumeOptions) => {
    assertOpen();
    assertPrefetch(consumeOptions.prefetch);
    const maxAttempts = consumeOptions.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    if (consumeOptions.bindings) bindings.bind(name, consumeOptions.bindings);
    const target = queue(name);
    const run = async (current: Item) => {
      let outcome: Outcome;
      try {
        const delivery = { attempt: current.attempt, redelivered: current.redelivered, headers: { ...current.headers } };
        const envelope = JSON.parse(current.body) as Envelope;
        outcome = checkedOutcome(await consumeSpan(name, envelope, delivery.headers, () => handler(envelope, delivery)));
      } catch (err) {
        // Never dead-lettered for failing: these dead letters would die with the process, and what failed (a store
        // away for a while) may work later. Past `maxAttempts` it is retried on at the growing backoff, loudly.
        const fields = { queue: name, attempt: current.attempt, ...errorFields(err) };
        if (current.attempt >= maxAttempts) logger?.error('message handler keeps failing; retried until it succeeds', fields);
        else logger?.warn('message handler failed', fields);
        outcome = { kind: 'retry', delayMs: backoffMs(policy, current.attempt) };
      }
      // Not held any more: the subscription was cancelled and the message already went back to the queue.
      if (target.settle(consumer, current) && !closed) settleOutcome(name, current, outcome);
    };
    const consumer: QueueConsumer<Item> = {
      prefetch: consumeOptions.prefetch,
      inFlight: new Set(),
      deliver: (next) => queueMicrotask(() => void run(next)),
    };
    target.addConsumer(consumer);
    const subscription = {
      cancel: async () => {
        if (!subscriptions.delete(subscription)) return;
        const held = target.removeConsumer(consumer);
        target.requeue(held.map((h) => ({ ...h, attempt: h.attempt + 1, redelivered: true })));
      },
    };
    subscriptions.add(subscription);
    return subscription;
  };

  return {
    queuesEpoch: `memory:${randomUUID()}`,
    send: async (name, message, sendOptions = {}) => {
      assertOpen();
      const target = queue(name);
      const next = item(message, sendOptions.headers);
      later(sendOptions.delayMs ?? 0, () => target.push(next));
    },
    publish: async (message, publishOptions = {}) => {
      assertOpen();
      const routed = bindings.route(message.type);
      if (publishOptions.mandatory && routed.length === 0) throw new UnroutableError(message.type);
      for (const name of routed) queue(name).push(item(message, publishOptions.headers));
    },
    broadcast: async (message) => {
      assertOpen();
      const body = JSON.stringify(message);
      for (const hear of listeners) queueMicrotask(() => hear(JSON.parse(body)));
    },
    // One process hears every broadcast it sends, so the in-process listener is never deaf.
    listen: async (handler) => {
      assertOpen();
      const hear = (message: Envelope) => handler(message);
      listeners.add(hear);
      const subscription = { cancel: async () => void listeners.delete(hear) };
      subscriptions.add(subscription);
      return { live: () => !closed && listeners.has(hear), cancel: subscription.cancel };
    },
    consume,
    deadLetters: async (name) =>
      queue(`${name}.dead`)
        .snapshot()
        .map((dead) => JSON.parse(dead.body) as Envelope),
    request: async (name, payload, rpcOptions) => {
      assertOpen();
      return requestSpan(name, () => rpc.request(name, payload, rpcOptions));
    },
    serve: async (name, handler, serveOptions = {}) => {
      assertOpen();
      assertPrefetch(serveOptions.prefetch ?? 1);
      const subscription = rpc.serve(name, handler, serveOptions.prefetch ?? 1);
      subscriptions.add(subscription);
      return {
        cancel: async () => {
          if (subscriptions.delete(subscription)) await subscription.cancel();
        },
      };
    },
    connected: () => !closed,
    close: async () => {
      if (closed) return;
      closed = true;
      timers.forEach(clearTimeout);
      timers.clear();
      await Promise.all([...subscriptions].map((s) => s.cancel()));
      subscriptions.clear();
      listeners.clear();
      rpc.close();
    },
  };
}
