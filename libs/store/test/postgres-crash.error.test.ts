import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPostgresBlobStore, createPostgresStore, type Doc } from '../src';
import { eventually } from '../../../test/support/eventually';
import { postgresBinaries, startPrivatePostgres, type PrivatePostgres } from '../../../test/support/postgres';

// Reaped, not only dead: a new postmaster probes the old one's pid with kill(pid, 0), which a zombie still answers.
const gone = (pid: number) => !existsSync(`/proc/${pid}`);

/**
 * Every process of the cluster, killed at once (SIGKILL): what is in the server's memory is gone, what it wrote
 * stays. Resolves once they are gone (a new postmaster refuses to start beside one still listed).
 */
async function killServer(dataDir: string): Promise<void> {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return Number(readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === postmaster;
      } catch {
        return false; // gone meanwhile
      }
    });
  const pids = [postmaster, ...children.map(Number)];
  for (const pid of pids) process.kill(pid, 'SIGKILL');
  await eventually(() => pids.every(gone), 'the killed server processes to be gone', 30_000);
}

const bin = postgresBinaries();
const describeIfInstalled = bin || process.env.CI === 'true' ? describe : describe.skip;

// A cluster of its own: the run's shared one must not be killed under other test files.
describeIfInstalled('postgres store: a crash of the database server', () => {
  let server: PrivatePostgres;
  // Closed whatever happens: a store left open keeps reconnecting after the test file is gone.
  const opened: Array<{ close(): Promise<void> }> = [];
  beforeAll(async () => {
    server = await startPrivatePostgres(bin!);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
    await server?.destroy();
  });

  it('when writes settled with-next-write and a later committed write returned, then after the server is killed and restarted all of them are there', async () => {
    const open = async () => {
      const pair = await Promise.all([
        createPostgresStore({ url: server.url, schema: 'crash' }),
        createPostgresBlobStore({ url: server.url, schema: 'crash', bucket: 'bodies' }),
      ]);
      opened.push(...pair);
      return pair;
    };
    const [store, blobs] = await open();
    const counters = store.collection<Doc & { n: number }>('counters');
    await counters.insertOne({ _id: 'rate', n: 0 });
    for (let i = 1; i <= 20; i++) {
      await counters.findOneAndUpdate({ _id: 'rate' }, { $inc: { n: 1 } }, { durability: 'with-next-write' });
      await blobs.put(`body${i}`, Buffer.from(`body ${i}`), { durability: 'with-next-write' });
    }
    await store.collection<Doc>('records').insertOne({ _id: 'record' });

    await killServer(server.env.TEST_PG_DATA);
    await server.start();

    const [after, afterBlobs] = await open();
    expect(await after.collection<Doc>('records').findOne({ _id: 'record' })).toEqual({ _id: 'record' });
    expect(await after.collection<Doc & { n: number }>('counters').findOne({ _id: 'rate' })).toEqual({ _id: 'rate', n: 20 });
    for (let i = 1; i <= 20; i++) expect((await afterBlobs.get(`body${i}`))?.toString()).toBe(`body ${i}`);
  }, 180_000);
});
