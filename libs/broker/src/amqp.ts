import type { Envelope } from '@mailplane/contracts';
import type { ConsumeMessage, Options } from 'amqplib';
import { withTraceHeaders } from '@mailplane/telemetry';
import { listenToBroadcasts } from './amqp-broadcast';
import { AmqpConnection } from './amqp-connection';
import { workHandler } from './amqp-consumer';
import { declareOnce, publishConfirmed } from './amqp-publish';
import { RpcClient, rpcServerHandler } from './amqp-rpc';
import { slowStarting } from './amqp-slow-start';
import { subscribe, type SubscriberSpec } from './amqp-subscription';
import {
  assertDelayQueue,
  assertRpcQueue,
  assertWorkQueue,
  ATTEMPT_HEADER,
  bindEvents,
  BROADCAST_EXCHANGE,
  deadQueue,
  EVENTS_EXCHANGE,
} from './amqp-topology';
import { assertPrefetch, DEFAULT_RETRY, type RetryPolicy } from './delivery-policy';
import type { Broker, BrokerLogger, Subscription } from './port';
import { requestSpan } from './traced';

export interface AmqpBrokerOptions {
  url: string;
  logger?: BrokerLogger;
  /** How long send/publish/consume wait for a (re)connection and confirm before BrokerUnavailableError. Default 10 s. */
  unavailableTimeoutMs?: number;
  /** createAmqpBroker rejects when the first connection is not made within this. Default 30 s. */
  connectTimeoutMs?: number;
  /** Backoff after a handler threw (default 1 s doubling up to 60 s). */
  retry?: Partial<RetryPolicy>;
  reconnectDelayMs?: { min: number; max: number };
  heartbeatSeconds?: number;
  connectionName?: string;
  /** How long a cancelled consumer lets its handlers under way settle before it hands the rest back. Default 10 s. */
  settleMs?: number;
  /** How long a new RPC server takes few requests at a time before its full prefetch (amqp-slow-start.ts). Default 0: at once. */
  slowStartMs?: number;
}

/** RabbitMQ adapter: confirms, durable queues, manual acks, delay queues for retries, reconnect with re-set-up. */
export async function createAmqpBroker(options: AmqpBrokerOptions): Promise<Broker> {
  const timeoutMs = options.unavailableTimeoutMs ?? 10_000;
  const settleMs = options.settleMs ?? 10_000;
  const retryPolicy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const connection = new AmqpConnection({
    url: options.url,
    logger: options.logger,
    connectionName: options.connectionName ?? 'mailplane',
    heartbeatSeconds: options.heartbeatSeconds ?? 10,
    reconnectDelayMs: options.reconnectDelayMs ?? { min: 100, max: 2000 },
  });
  connection.start();
  try {
    await connection.ready(options.connectTimeoutMs ?? 30_000);
  } catch (err) {
    await connection.close();
    throw err;
  }
  const rpc = new RpcClient(connection, timeoutMs);
  const subscriptions = new Set<Subscription & { abandon?(): Promise<void> }>();

  const toQueue = (queue: string, content: Buffer, properties: Options.Publish, delay = 0) => {
    // x-message-ttl takes whole milliseconds, and every distinct delay is a queue of its own.
    const delayMs = Math.ceil(delay);
    return publishConfirmed(
      connection,
      timeoutMs,
      async (channel, session) => {
        await declareOnce(session, `work:${queue}`, () => assertWorkQueue(channel, queue));
        if (delayMs <= 0) return { exchange: '', routingKey: queue };
        return { exchange: '', routingKey: await assertDelayQueue(channel, queue, delayMs) };
      },
      content,
      properties,
    );
  };

  const track = <S extends Subscription>(subscription: S): S => {
    subscriptions.add(subscription);
    return {
      ...subscription,
      cancel: async () => {
        if (subscriptions.delete(subscription)) await subscription.cancel();
      },
    };
  };

  const consumersOf = async (queue: string): Promise<number> => {
    const channel = await (await connection.ready(timeoutMs)).connection.createChannel();
    channel.on('error', () => undefined);
    try {
      return await assertRpcQueue(channel, queue);
    } finally {
      await channel.close().catch(() => undefined);
    }
  };

  const requeueLater = (queue: string, message: ConsumeMessage, delayMs: number, headers: Record<string, unknown>) =>
    toQueue(queue, message.content, { ...message.properties, headers, persistent: true, expiration: undefined }, delayMs);

  return {
    send: (queue, message, sendOptions = {}) =>
      toQueue(queue, encode(message), properties(message, sendOptions.headers), sendOptions.delayMs),
    publish: (message, publishOptions = {}) =>
      publishConfirmed(connection, timeoutMs, async () => ({ exchange: EVENTS_EXCHANGE, routingKey: message.type }), encode(message), {
        ...properties(message, publishOptions.headers),
        mandatory: publishOptions.mandatory ?? false,
      }),
    broadcast: (message) =>
      publishConfirmed(
        connection,
        timeoutMs,
        async (channel, session) => {
          await declareOnce(
            session,
            'broadcast',
            async () => void (await channel.assertExchange(BROADCAST_EXCHANGE, 'fanout', { durable: true })),
          );
          return { exchange: BROADCAST_EXCHANGE, routingKey: '' };
        },
        encode(message),
        { ...properties(message), persistent: false },
      ),
    listen: async (handler, onGap) => track(await listenToBroadcasts(connection, handler, onGap, timeoutMs, options.logger)),
    consume: async (queue, handler, consumeOptions) => {
      assertPrefetch(consumeOptions.prefetch);
      const subscription = await subscribe(
        connection,
        {
          queue,
          prefetch: consumeOptions.prefetch,
          declare: async (channel) => {
            await assertWorkQueue(channel, queue);
            await bindEvents(channel, queue, consumeOptions.bindings ?? []);
          },
          handle: workHandler(queue, handler, consumeOptions, { retry: retryPolicy, logger: options.logger, requeueLater }),
        },
        timeoutMs,
        options.logger,
        settleMs,
      );
      return track(subscription);
    },
    serve: async (queue, handler, serveOptions = {}) => {
      const prefetch = serveOptions.prefetch ?? 1;
      assertPrefetch(prefetch);
      const spec = (n: number): SubscriberSpec => ({
        queue,
        prefetch: n,
        declare: async (channel) => void (await assertRpcQueue(channel, queue)),
        handle: rpcServerHandler(queue, handler, options.logger),
      });
      const open = (n: number) => subscribe(connection, spec(n), timeoutMs, options.logger, settleMs);
      // A slow start only helps where warm servers take the rest: alone, a server takes its full prefetch at once.
      const peers = options.slowStartMs ? await consumersOf(queue) : 0;
      return track(await slowStarting(prefetch, peers > 0 ? (options.slowStartMs ?? 0) : 0, open, options.logger));
    },
    request: (queue, payload, rpcOptions) => requestSpan(queue, () => rpc.request(queue, payload, rpcOptions)),
    deadLetters: async (queue) => {
      const session = await connection.ready(timeoutMs);
      const channel = await session.connection.createChannel();
      channel.on('error', () => undefined);
      try {
        await assertWorkQueue(channel, queue);
        const found: Envelope[] = [];
        for (let message = await channel.get(deadQueue(queue)); message; message = await channel.get(deadQueue(queue))) {
          const body = parseEnvelope(message.content);
          if (body) found.push(body);
          else options.logger?.warn('dead letter is not JSON; left out', { queue, messageId: message.properties.messageId });
        }
        return found;
      } finally {
        // Closing the channel without acks puts every message we looked at back, in its place.
        await channel.close().catch(() => undefined);
      }
    },
    queuesEpoch: 'durable',
    connected: () => connection.connected(),
    close: async () => {
      await Promise.all([...subscriptions].map((s) => (s.abandon ?? s.cancel)().catch(() => undefined)));
      subscriptions.clear();
      await connection.close();
    },
  };
}

const encode = (message: Envelope) => Buffer.from(JSON.stringify(message));

function properties(message: Envelope, headers: Record<string, string> = {}): Options.Publish {
  return {
    persistent: true,
    contentType: 'application/json',
    messageId: message.id,
    type: message.type,
    correlationId: message.correlationId,
    headers: withTraceHeaders({ ...headers, [ATTEMPT_HEADER]: 1 }),
  };
}

function parseEnvelope(content: Buffer): Envelope | undefined {
  try {
    return JSON.parse(content.toString('utf8'));
  } catch {
    return undefined;
  }
}
