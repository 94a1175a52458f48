import type { ConfirmChannel, Options } from 'amqplib';
import type { AmqpConnection, Session } from './amqp-connection';
import { wasReturned } from './amqp-returns';
import { BrokerUnavailableError, UnroutableError } from './port';

export interface Route {
  exchange: string;
  routingKey: string;
}

/** Declares once per connection: after a reconnect (maybe to a wiped broker) everything is declared again. */
export async function declareOnce(session: Session, key: string, declare: () => Promise<void>): Promise<void> {
  if (session.declared.has(key)) return;
  await declare();
  session.declared.add(key);
}

// Refusals that another try cannot fix: no such exchange, access refused, queue declared with other arguments.
const PERMANENT_CODES = new Set([403, 404, 406]);

/**
 * Publishes and waits for the confirm, retrying lost connections and nacks until `timeoutMs`: a message may arrive twice,
 * never zero times once this resolved. A `mandatory` message returned unrouted is UnroutableError at once.
 */
export async function publishConfirmed(
  connection: AmqpConnection,
  timeoutMs: number,
  route: (channel: ConfirmChannel, session: Session) => Promise<Route>,
  content: Buffer,
  options: Options.Publish,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new BrokerUnavailableError(`not confirmed within ${timeoutMs} ms (${String(lastError)})`);
    const session = await connection.ready(remaining);
    try {
      const channel = await session.publisher();
      const { exchange, routingKey } = await route(channel, session);
      await confirmBefore(deadline, timeoutMs, (done) => channel.publish(exchange, routingKey, content, options, done));
      if (options.mandatory && wasReturned(channel, options.messageId)) throw new UnroutableError(routingKey);
      return;
    } catch (err) {
      if (err instanceof BrokerUnavailableError || PERMANENT_CODES.has((err as { code?: number }).code ?? 0)) throw err;
      lastError = err;
      await new Promise((r) => setTimeout(r, Math.min(100, Math.max(0, deadline - Date.now()))));
    }
  }
}

function confirmBefore(deadline: number, timeoutMs: number, publish: (done: (err: unknown) => void) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new BrokerUnavailableError(`publish not confirmed within ${timeoutMs} ms`)),
      Math.max(0, deadline - Date.now()),
    );
    try {
      publish((err) => {
        clearTimeout(timer);
        if (err) reject(err instanceof Error ? err : new Error(String(err)));
        else resolve();
      });
    } catch (err) {
      clearTimeout(timer);
      reject(err);
    }
  });
}
