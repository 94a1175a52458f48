import { freePort } from '../../../test/support/rabbitmq';
import { ack, BrokerUnavailableError, createAmqpBroker, createBroker } from '../src';
import { envelope, rejection, unique, waitFor } from './helpers';

describe('createBroker', () => {
  it('when no URL is configured, then it runs in process', async () => {
    const broker = await createBroker();
    const queue = unique('embedded');
    const seen: string[] = [];
    await broker.consume(queue, async (m) => (seen.push(m.id), ack()), { prefetch: 1 });
    const message = envelope('test.embedded');
    await broker.send(queue, message);
    await waitFor(() => seen.length === 1, 'the delivery');
    await broker.close();
    expect(seen).toEqual([message.id]);
  });

  it('when a URL is configured but nothing listens there, then it fails with BrokerUnavailableError naming the cause', async () => {
    const url = `amqp://guest:guest@127.0.0.1:${await freePort()}`;
    const started = Date.now();
    const err = await rejection(createBroker({ url, connectTimeoutMs: 500 }));
    expect(err).toBeInstanceOf(BrokerUnavailableError);
    expect(err.message).toMatch(/ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(3000);
    await expect(createAmqpBroker({ url, connectTimeoutMs: 200 })).rejects.toBeInstanceOf(BrokerUnavailableError);
  });
});
