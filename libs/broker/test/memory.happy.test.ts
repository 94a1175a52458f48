import type { Envelope } from '@mailplane/contracts';
import { ack, createMemoryBroker } from '../src';
import { envelope } from './helpers';
import { brokerContract } from './contract';

brokerContract('memory', async ({ retryBaseMs }) => createMemoryBroker({ retry: { baseMs: retryBaseMs } }), false);

describe('memory broker delays', () => {
  afterEach(() => jest.useRealTimers());

  it('when a message is delayed longer than a Node timer can wait, then it arrives after the whole delay, not at once', async () => {
    jest.useFakeTimers();
    const broker = createMemoryBroker();
    const received: Envelope[] = [];
    await broker.consume(
      'long-delay',
      async (message) => {
        received.push(message);
        return ack();
      },
      { prefetch: 1 },
    );
    const thirtyDays = 30 * 24 * 3600 * 1000;
    await broker.send('long-delay', envelope('test.delayed'), { delayMs: thirtyDays });
    await jest.advanceTimersByTimeAsync(thirtyDays - 1000);
    expect(received).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1000);
    expect(received).toHaveLength(1);
    await broker.close();
  });
});
