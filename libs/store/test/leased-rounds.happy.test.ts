import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger, runPeriodically } from '@mailplane/runtime';
import { createSqliteStore, leaseOn, type Store } from '../src';
import { eventually } from '../../../test/support/eventually';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'store-leased-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const logger = createLogger({ level: 'silent' });
const file = path.join(root, 'jobs.sqlite3');

interface Round {
  holder: string;
  start: number;
  end: number;
}

/** A replica running the job: every 10 ms, leased for 300 ms; each round takes 25 ms of waiting. */
function replica(store: Store, holder: string, rounds: Round[]) {
  const lease = leaseOn(store, 'the-job', { holder, ttlMs: 300 });
  const task = async () => {
    const start = performance.now();
    await new Promise((r) => setTimeout(r, 25));
    rounds.push({ holder, start, end: performance.now() });
  };
  return runPeriodically(task, 10, logger, 'the job', { lease });
}

describe('rounds of a leased periodic job', () => {
  it('when two replicas run the job, then its rounds never overlap, one replica runs them, and the other takes over once it stops', async () => {
    const [storeA, storeB] = [await createSqliteStore({ file }), await createSqliteStore({ file })];
    const rounds: Round[] = [];
    const a = replica(storeA, 'a', rounds);
    const b = replica(storeB, 'b', rounds);
    try {
      await eventually(() => rounds.length >= 8, 'eight rounds');
      const sorted = [...rounds].sort((x, y) => x.start - y.start);
      for (let i = 1; i < sorted.length; i++) expect(sorted[i].start).toBeGreaterThanOrEqual(sorted[i - 1].end);
      const first = rounds[0].holder;
      expect(new Set(rounds.map((r) => r.holder))).toEqual(new Set([first]));

      await (first === 'a' ? a : b).stop();
      const other = first === 'a' ? 'b' : 'a';
      // Released on stop: the other replica need not wait the 300 ms the lease had left.
      const stoppedAt = performance.now();
      await eventually(() => rounds.some((r) => r.holder === other), `a round by ${other}`);
      expect(rounds.find((r) => r.holder === other)!.start - stoppedAt).toBeLessThan(250);
    } finally {
      await a.stop();
      await b.stop();
      await storeA.close();
      await storeB.close();
    }
  });
});
