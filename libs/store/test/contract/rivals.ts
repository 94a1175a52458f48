import { type Doc, DuplicateKeyError, type Store } from '../../src';
import type { ContractContext } from './context';

interface Job extends Doc {
  status: 'queued' | 'taken';
  round: number;
  createdAt: Date;
  by?: string;
}

const ROUNDS = 40;

/**
 * What only two clients of one storage show: two stores, each with connections of its own (as two processes
 * would have), racing for the same compare-and-set, unique key and lease, round after round.
 */
export function rivalTests(ctx: ContractContext): void {
  const { rival } = ctx.options;
  if (!rival) return;

  describe('two clients racing', () => {
    let other: Store;
    beforeAll(async () => {
      other = await rival();
    });
    afterAll(() => other.close());

    const pair = <T extends Doc>(base: string) => {
      const name = ctx.collectionName(base);
      return [ctx.store().collection<T>(name), other.collection<T>(name)] as const;
    };

    it('when both compare-and-set the same version, then exactly one wins each round', async () => {
      const [mine, theirs] = pair<Doc & { version: number; n: number }>('rival_cas');
      await mine.insertOne({ _id: 'doc', version: 0, n: 0 });
      for (let round = 0; round < ROUNDS; round++) {
        const cas = (c: typeof mine) => c.updateOne({ _id: 'doc', version: round }, { $set: { version: round + 1 }, $inc: { n: 1 } });
        const results = await Promise.all([cas(mine), cas(theirs)]);
        expect(results.map((r) => r.matched).sort()).toEqual([0, 1]);
      }
      expect(await theirs.findOne({ _id: 'doc' })).toEqual({ _id: 'doc', version: ROUNDS, n: ROUNDS });
    });

    it('when both insert the same unique key, then exactly one insert lands each round', async () => {
      const [mine, theirs] = pair<Doc & { email: string }>('rival_unique');
      await Promise.all([mine.createIndex({ email: 1 }, { unique: true }), theirs.createIndex({ email: 1 }, { unique: true })]);
      for (let round = 0; round < ROUNDS; round++) {
        const email = `r${round}@example.com`;
        const results = await Promise.allSettled([
          mine.insertOne({ _id: `a${round}`, email }),
          theirs.insertOne({ _id: `b${round}`, email }),
        ]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const lost = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(lost?.reason).toBeInstanceOf(DuplicateKeyError);
      }
      expect(await mine.count({})).toBe(ROUNDS);
    });

    it('when both claim the next due job, then one job goes to exactly one, and two jobs go one to each', async () => {
      const [mine, theirs] = pair<Job>('rival_lease');
      const claim = (c: typeof mine, by: string) =>
        c.findOneAndUpdate({ status: 'queued' }, { $set: { status: 'taken', by } }, { sort: { createdAt: 1, _id: 1 } });
      for (let round = 0; round < ROUNDS; round++) {
        const jobs = round % 2 === 0 ? 1 : 2;
        for (let j = 0; j < jobs; j++) await mine.insertOne({ _id: `job${round}_${j}`, status: 'queued', round, createdAt: new Date() });
        const [a, b] = await Promise.all([claim(mine, 'mine'), claim(theirs, 'theirs')]);
        const won = [a, b].filter((job): job is Job => job !== null);
        expect(won).toHaveLength(jobs);
        expect(new Set(won.map((job) => job._id)).size).toBe(jobs);
        expect(await mine.count({ status: 'queued' })).toBe(0);
      }
    });
  });
}
