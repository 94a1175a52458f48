import { delayBucket } from '../src/amqp-topology';

describe('RabbitMQ delay queues', () => {
  it('when retries carry jittered delays, then they share a few delay queues and none waits more than 10% longer', () => {
    const requested = Array.from({ length: 1000 }, (_, i) => 4500 + i);
    const buckets = requested.map(delayBucket);
    expect(new Set(buckets).size).toBeLessThanOrEqual(11);
    for (const [i, ms] of requested.entries()) {
      expect(buckets[i]).toBeGreaterThanOrEqual(ms);
      expect(buckets[i]).toBeLessThanOrEqual(ms * 1.1);
    }
  });

  it('when a delay is short or a day long, then it stays within 10%', () => {
    for (const ms of [1, 37, 100, 101, 999, 1001, 59_999, 86_400_000]) {
      expect(delayBucket(ms)).toBeGreaterThanOrEqual(ms);
      expect(delayBucket(ms)).toBeLessThanOrEqual(Math.max(ms * 1.1, 1));
    }
  });
});
