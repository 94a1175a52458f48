import type { Channel, ConsumeMessage } from 'amqplib';

// NEVER RENAME without a migration: durable queues and bindings live on under the old names.
export const EVENTS_EXCHANGE = 'mailplane.events';
/** Notices to every process at once (caches to forget); each listener's queue is its own and dies with it. */
export const BROADCAST_EXCHANGE = 'mailplane.broadcast';
export const deadQueue = (queue: string) => `${queue}.dead`;
export const delayQueue = (queue: string, delayMs: number) => `${queue}.delay.${delayMs}`;

export const ATTEMPT_HEADER = 'x-attempt';
export const RPC_CORRELATION_HEADER = 'x-correlation-id';
export const RPC_DEADLINE_HEADER = 'x-deadline';

/** A delay queue that nobody re-declared for this long after its TTL is dropped by RabbitMQ. */
const DELAY_QUEUE_IDLE_MS = 60_000;

export async function assertWorkQueue(channel: Channel, queue: string): Promise<void> {
  await channel.assertQueue(deadQueue(queue), { durable: true });
  await channel.assertQueue(queue, {
    durable: true,
    arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': deadQueue(queue) },
  });
}

/** `q.delay.<ms>` holds a message for `ms`, then dead-letters it back to `q`; re-declared on each use to reset `x-expires`. */
export async function assertDelayQueue(channel: Channel, queue: string, requestedMs: number): Promise<string> {
  const delayMs = delayBucket(requestedMs);
  const name = delayQueue(queue, delayMs);
  await channel.assertQueue(name, {
    durable: true,
    arguments: {
      'x-message-ttl': delayMs,
      'x-dead-letter-exchange': '',
      'x-dead-letter-routing-key': queue,
      'x-expires': delayMs + DELAY_QUEUE_IDLE_MS,
    },
  });
  return name;
}

/** Rounds up to two significant digits (at most 10% longer): each delay is a queue, so about 90 per power of ten. */
export function delayBucket(ms: number): number {
  if (ms <= 100) return Math.max(1, Math.ceil(ms));
  const step = 10 ** (Math.floor(Math.log10(ms)) - 1);
  return Math.ceil(ms / step) * step;
}

/** Declares an RPC queue (no dead-letter queue: expired requests are dropped); answers its consumer count now. */
export async function assertRpcQueue(channel: Channel, queue: string): Promise<number> {
  return (await channel.assertQueue(queue, { durable: true })).consumerCount;
}

export async function bindEvents(channel: Channel, queue: string, patterns: string[]): Promise<void> {
  for (const pattern of patterns) await channel.bindQueue(queue, EVENTS_EXCHANGE, pattern);
}

const isDeathHeader = (key: string) => /^x-(death|first-death|last-death)/.test(key);
const isInternal = (key: string) => key === ATTEMPT_HEADER || isDeathHeader(key);

/** Headers for a retried copy: RabbitMQ's dead-lettering history dropped (it would grow on every retry), attempt bumped. */
export function retryHeaders(message: ConsumeMessage, nextAttempt: number): Record<string, unknown> {
  const headers: Record<string, unknown> = { [ATTEMPT_HEADER]: nextAttempt };
  for (const [key, value] of Object.entries(message.properties.headers ?? {})) {
    if (!isInternal(key)) headers[key] = value;
  }
  return headers;
}

export function userHeaders(message: ConsumeMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(message.properties.headers ?? {})) {
    if (typeof value === 'string' && !isInternal(key)) headers[key] = value;
  }
  return headers;
}

/** Our header counts sends and retries; a redelivery after a lost consumer adds one. */
export function attemptOf(message: ConsumeMessage): number {
  const recorded = Number(message.properties.headers?.[ATTEMPT_HEADER] ?? 1);
  return (Number.isFinite(recorded) && recorded > 0 ? recorded : 1) + (message.fields.redelivered ? 1 : 0);
}
