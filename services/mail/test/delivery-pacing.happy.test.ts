import { createDeliveryPacer } from '../src/domain/delivery/pacing';

/** A delivery that runs until released, so the test sees how many run at once. */
function deliveries(pacer: ReturnType<typeof createDeliveryPacer>, n: number) {
  let running = 0;
  const finishers: Array<() => void> = [];
  const done = Array.from({ length: n }, () =>
    pacer.run(async () => {
      running++;
      await new Promise<void>((resolve) => finishers.push(resolve));
      running--;
    }),
  );
  const settle = () => new Promise((r) => setImmediate(r));
  return {
    running: async () => (await settle(), running),
    finishOne: async () => (finishers.shift()?.(), settle()),
    done: () => Promise.all(done),
  };
}

describe('delivery gives way to a busy API', () => {
  it('halves while requests are answered on a busy loop, never below one, and grows back by one per calm period', () => {
    const pacer = createDeliveryPacer(64);
    const busy = { busy: 0.9, requests: 30 };
    const limits = [1, 2, 3, 4, 5, 6, 7].map(() => (pacer.adjust(busy), pacer.limit()));
    expect(limits).toEqual([32, 16, 8, 4, 2, 1, 1]);
    pacer.adjust({ busy: 0.3, requests: 30 });
    pacer.adjust({ busy: 0.3, requests: 30 });
    expect(pacer.limit()).toBe(3);
  });

  it('a busy loop with no request to protect keeps every delivery going, and a quiet period restores them at once', () => {
    const pacer = createDeliveryPacer(64);
    pacer.adjust({ busy: 1, requests: 0 });
    expect(pacer.limit()).toBe(64);
    pacer.adjust({ busy: 1, requests: 5 });
    pacer.adjust({ busy: 1, requests: 5 });
    expect(pacer.limit()).toBe(16);
    pacer.adjust({ busy: 0.1, requests: 0 });
    expect(pacer.limit()).toBe(64);
  });

  it('runs at most the limit at once; the others wait their turn and all complete, also when the limit drops meanwhile', async () => {
    const pacer = createDeliveryPacer(4);
    const d = deliveries(pacer, 10);
    expect(await d.running()).toBe(4);
    pacer.adjust({ busy: 0.9, requests: 1 }); // 2: the four running go on, nobody new starts
    await d.finishOne();
    await d.finishOne();
    expect(await d.running()).toBe(2);
    await d.finishOne();
    expect(await d.running()).toBe(2);
    await d.finishOne(); // the last of the first four, before a second period could age it
    expect(await d.running()).toBe(2);
    pacer.adjust({ busy: 0, requests: 0 }); // back to 4
    expect(await d.running()).toBe(4);
    for (let i = 0; i < 10; i++) await d.finishOne();
    await d.done();
    expect(await d.running()).toBe(0);
  });

  it('a delivery still running after a whole period waits on its MTA and stops counting, so the next one starts', async () => {
    const pacer = createDeliveryPacer(4);
    const busy = { busy: 0.9, requests: 30 };
    for (let i = 0; i < 3; i++) pacer.adjust(busy); // limit 1
    const d = deliveries(pacer, 3);
    expect(await d.running()).toBe(1);
    pacer.adjust(busy); // the one running may have just started
    expect(await d.running()).toBe(1);
    pacer.adjust(busy); // it has run through a whole period: the next one starts
    expect(await d.running()).toBe(2);
    for (let i = 0; i < 3; i++) await d.finishOne();
    await d.done();
  });
});
