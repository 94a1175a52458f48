import type { ConfirmChannel } from 'amqplib';

// The ids of mandatory messages each publisher channel got back unrouted; RabbitMQ returns one before confirming it.
const returnedIds = new WeakMap<ConfirmChannel, Set<string>>();

export function trackReturns(channel: ConfirmChannel): void {
  const returned = new Set<string>();
  returnedIds.set(channel, returned);
  channel.on('return', (message: { properties: { messageId?: string } }) => {
    if (message.properties.messageId) returned.add(message.properties.messageId);
  });
}

/** Whether the message, confirmed on `channel`, came back unrouted first (and forgets it). */
export const wasReturned = (channel: ConfirmChannel, messageId: string | undefined): boolean =>
  !!messageId && !!returnedIds.get(channel)?.delete(messageId);
