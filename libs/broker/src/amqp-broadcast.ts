import type { Envelope } from '@mailplane/contracts';
import type { Channel } from 'amqplib';
import type { AmqpConnection, Session } from './amqp-connection';
import { BROADCAST_EXCHANGE } from './amqp-topology';
import type { BrokerLogger, Listener } from './port';

const REOPEN_DELAY_MS = 200;

/** An exclusive queue bound to the fanout exchange; `onGap` runs when it stops hearing and once it hears again. */
export async function listenToBroadcasts(
  connection: AmqpConnection,
  handler: (message: Envelope) => void,
  onGap: () => void,
  timeoutMs: number,
  logger?: BrokerLogger,
): Promise<Listener> {
  let channel: Channel | undefined;
  let cancelled = false;

  const deaf = (closed: Channel | undefined) => {
    if (!closed || channel !== closed) return;
    channel = undefined;
    onGap();
  };

  const start = async (session: Session): Promise<void> => {
    if (cancelled || session.lost || channel) return;
    const opened = await session.connection.createChannel();
    opened.on('error', (err: Error) => logger?.warn('broadcast channel error', { error: err.message }));
    try {
      await opened.assertExchange(BROADCAST_EXCHANGE, 'fanout', { durable: true });
      const { queue } = await opened.assertQueue('', { exclusive: true, autoDelete: true, durable: false });
      await opened.bindQueue(queue, BROADCAST_EXCHANGE, '');
      await opened.consume(
        queue,
        (message) => {
          if (!message) return deaf(opened);
          try {
            handler(JSON.parse(message.content.toString('utf8')) as Envelope);
          } catch (err) {
            logger?.warn('broadcast not understood; ignored', { error: (err as Error).message });
          }
        },
        { noAck: true },
      );
    } catch (err) {
      await opened.close().catch(() => undefined);
      throw err;
    }
    if (cancelled) return void (await opened.close().catch(() => undefined));
    opened.on('close', () => {
      deaf(opened);
      setTimeout(() => {
        if (!cancelled && !session.lost)
          start(session).catch((err: Error) => logger?.error('could not listen to broadcasts', { error: err.message }));
      }, REOPEN_DELAY_MS).unref();
    });
    channel = opened;
    onGap();
  };

  const unregister = connection.onUp(start);
  const unregisterDown = connection.onDown(() => deaf(channel));
  try {
    await start(await connection.ready(timeoutMs));
  } catch (err) {
    unregister();
    unregisterDown();
    throw err;
  }
  return {
    live: () => channel !== undefined,
    cancel: async () => {
      if (cancelled) return;
      cancelled = true;
      unregister();
      unregisterDown();
      const open = channel;
      channel = undefined;
      await open?.close().catch(() => undefined);
    },
  };
}
