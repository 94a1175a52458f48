import { createMemoryBroker, replicaCaches, type Broker, type ReplicaCaches } from '../src';
import { deferred, waitFor } from './helpers';

let broker: Broker;
const opened: ReplicaCaches[] = [];
const caches = async (now?: () => number) => {
  const made = await replicaCaches(broker, undefined, now);
  opened.push(made);
  return made;
};
beforeEach(() => {
  broker = createMemoryBroker();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
  await broker.close();
});

describe('caches every replica forgets together', () => {
  it('when one replica forgets a group, then the other reads its key and every key under it again, but not its neighbours', async () => {
    const grouped = { ttlMs: 60_000, max: 100, grouped: true };
    const [here, there] = [(await caches()).cache<string>('things', grouped), (await caches()).cache<string>('things', grouped)];
    let reads = 0;
    const load = (value: string) => async () => `${value}:${++reads}`;
    for (const key of ['ten_a', 'ten_a/id/1', 'ten_b/id/1']) await there.get(key, load(key));
    expect(await there.get('ten_a/id/1', load('x'))).toBe('ten_a/id/1:2');
    here.forget('ten_a');
    await waitFor(async () => (await there.get('ten_a/id/1', load('again'))) !== 'ten_a/id/1:2', 'the other replica to forget');
    expect(await there.get('ten_b/id/1', load('x'))).toBe('ten_b/id/1:3');
  });

  it('when a read began before a forget, then what it read is answered but not kept', async () => {
    const cache = (await caches()).cache<string>('things', { ttlMs: 60_000, max: 100 });
    const slow = deferred<string>();
    const first = cache.get('k', () => slow.promise);
    cache.forget('k');
    slow.resolve('before the change');
    expect(await first).toBe('before the change');
    expect(await cache.get('k', async () => 'after the change')).toBe('after the change');
  });

  it('when many miss at once, then one read serves them all; what is not to be kept is read again next time', async () => {
    const cache = (await caches()).cache<number>('things', { ttlMs: 60_000, max: 100 });
    let reads = 0;
    const gate = deferred();
    const load = async () => {
      reads++;
      await gate.promise;
      return reads;
    };
    const all = Array.from({ length: 10 }, () => cache.get('k', load, (n) => n > 1));
    gate.resolve();
    expect(await Promise.all(all)).toEqual(Array(10).fill(1));
    expect(await cache.get('k', load, (n) => n > 1)).toBe(2);
    expect(await cache.get('k', load, (n) => n > 1)).toBe(2);
    expect(reads).toBe(2);
  });

  it('when an entry outlives its ttl, then it is read again, and the oldest goes once the cache is full', async () => {
    let clock = 0;
    const cache = (await caches(() => clock)).cache<string>('things', { ttlMs: 1000, max: 2 });
    let reads = 0;
    const load = async () => `read ${++reads}`;
    expect(await cache.get('a', load)).toBe('read 1');
    clock = 999;
    expect(await cache.get('a', load)).toBe('read 1');
    clock = 1000;
    expect(await cache.get('a', load)).toBe('read 2');
    await cache.get('b', load);
    await cache.get('c', load);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('c')).toBe('read 4');
  });
});
