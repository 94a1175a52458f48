import type { Channel, ConsumeMessage } from 'amqplib';
import type { AmqpConnection, Session } from './amqp-connection';
import type { BrokerLogger, Subscription } from './port';

export interface SubscriberSpec {
  queue: string;
  prefetch: number;
  /** Queues and bindings this consumer needs; run on every (re)connect. */
  declare(channel: Channel): Promise<void>;
  handle(channel: Channel, message: ConsumeMessage): Promise<void>;
}

// After a channel dies, wait this long before reopening it: if the whole connection is going, the reconnect handles it.
const REOPEN_DELAY_MS = 200;

/** A consumer on its own channel (its own prefetch); a cancel lets handlers under way settle, so a draining replica sends none twice. */
export async function subscribe(
  connection: AmqpConnection,
  spec: SubscriberSpec,
  timeoutMs: number,
  logger?: BrokerLogger,
  settleMs = 10_000,
): Promise<Subscription & { abandon(): Promise<void> }> {
  let channel: Channel | undefined;
  let consumerTag: string | undefined;
  let cancelled = false;
  const underWay = new Set<Promise<void>>();
  const started = new WeakSet<Session>();

  const start = async (session: Session): Promise<void> => {
    if (cancelled || started.has(session)) return;
    started.add(session);
    const opened = await session.connection.createChannel();
    try {
      opened.on('error', (err: Error) => logger?.warn('consumer channel error', { queue: spec.queue, error: err.message }));
      opened.on('close', () => reopenLater(session, opened));
      await opened.prefetch(spec.prefetch);
      await spec.declare(opened);
      const consumer = await opened.consume(spec.queue, (message) => {
        if (!message) return logger?.warn('consumer cancelled by the broker (queue deleted?)', { queue: spec.queue });
        const handled = spec.handle(opened, message).finally(() => underWay.delete(handled));
        underWay.add(handled);
      });
      consumerTag = consumer.consumerTag;
    } catch (err) {
      started.delete(session);
      await opened.close().catch(() => undefined);
      throw err;
    }
    if (cancelled) return void (await opened.close().catch(() => undefined));
    channel = opened;
  };

  const reopenLater = (session: Session, closed: Channel) => {
    if (cancelled || channel !== closed) return;
    channel = undefined;
    setTimeout(() => {
      if (cancelled || session.lost) return;
      started.delete(session);
      start(session).catch((err: Error) => logger?.error('could not reopen consumer channel', { queue: spec.queue, error: err.message }));
    }, REOPEN_DELAY_MS).unref();
  };

  const unregister = connection.onUp(start);
  try {
    await start(await connection.ready(timeoutMs));
  } catch (err) {
    unregister();
    throw err;
  }
  const stop = async (settleFor: number) => {
    if (cancelled) return;
    cancelled = true;
    unregister();
    const open = channel;
    channel = undefined;
    if (open && consumerTag && settleFor > 0) {
      await open.cancel(consumerTag).catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, settleFor).unref()));
      await Promise.race([Promise.allSettled([...underWay]), bound]);
      clearTimeout(timer);
    }
    await open?.close().catch(() => undefined);
  };
  // A broker that closes (its connection going) hands everything back at once.
  return { cancel: () => stop(settleMs), abandon: () => stop(0) };
}
