import type { Channel, ConsumeMessage } from 'amqplib';
import type { AmqpConnection, Session } from './amqp-connection';
import type { BrokerLogger, Subscription } from './port';

export interface SubscriberSpec {
  queue: string;
  prefetch: number;
  /** Queues and bindings this consumer needs; run on every (re)connect. */
  declare(channel: Channel): Promise<void>;
  /** Settles the message itself (ack / nack) on the channel it came from. */
  handle(channel: Channel, message: ConsumeMessage): Promise<void>;
}

// After a channel dies, wait this long before reopening it: if the whole connection is going, the reconnect handles it.
const REOPEN_DELAY_MS = 200;

/**
 * A consumer on its own channel, so that its prefetch is its own and closing the channel on cancel hands its
 * unacked messages back to the queue. Re-established after every reconnect.
 */
export async function subscribe(
  connection: AmqpConnection,
  spec: SubscriberSpec,
  timeoutMs: number,
  logger?: BrokerLogger,
): Promise<Subscription> {
  let channel: Channel | undefined;
  let cancelled = false;
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
      await opened.consume(spec.queue, (message) => {
        if (message) void spec.handle(opened, message);
        else logger?.warn('consumer cancelled by the broker (queue deleted?)', { queue: spec.queue });
      });
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
  return {
    cancel: async () => {
      if (cancelled) return;
      cancelled = true;
      unregister();
      const open = channel;
      channel = undefined;
      await open?.close().catch(() => undefined);
    },
  };
}
