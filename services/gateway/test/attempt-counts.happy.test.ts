import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgresStore, createStore, type Store } from '@mailplane/store';
import { attemptCountsRepo, type AttemptCountsRepo } from '../src/data-access/attempt-counts-repo';
import { storeEngines, type Engine } from '../../../test/support/engines';
import { removeDir } from '../../../test/support/platform';
import { freshDatabase } from '../../../test/support/postgres';

const WINDOW_MS = 15 * 60_000;
const EACH = 20;

/** Two stores on one storage, each with connections of its own, as two gateway processes have. */
async function twoStores(engine: Engine): Promise<{ stores: Store[]; drop(): Promise<void> }> {
  if (engine === 'postgres') {
    const database = await freshDatabase();
    const open = () => createPostgresStore({ url: database.url, schema: 'mailplane_gateway', ownPool: true, poolSize: 4 });
    const first = await open();
    return { stores: [first, await open()], drop: database.drop };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'mailplane-attempts-'));
  const first = await createStore({ dir });
  return { stores: [first, await createStore({ dir })], drop: async () => removeDir(dir) };
}

describe.each(storeEngines())('attempt counts shared by two gateways, store on %s', (engine) => {
  let setup: Awaited<ReturnType<typeof twoStores>>;
  let repos: AttemptCountsRepo[];
  beforeAll(async () => {
    setup = await twoStores(engine);
    repos = setup.stores.map(attemptCountsRepo);
    await Promise.all(repos.map((r) => r.init()));
  });
  afterAll(async () => {
    await Promise.all(setup.stores.map((s) => s.close()));
    await setup.drop();
  });

  const both = (id: string, now: Date) => Promise.all(Array.from({ length: EACH * 2 }, (_, i) => repos[i % 2].add(id, now, WINDOW_MS)));

  it('when both count attempts of one key at once, then every attempt is counted in one window', async () => {
    const now = new Date();
    await both('sign-in:account:race@team.example', now);
    const count = await repos[1].current('sign-in:account:race@team.example', now);
    expect({ count: count?.count, until: count?.until }).toEqual({ count: EACH * 2, until: new Date(now.getTime() + WINDOW_MS) });
  });

  it('when both count after the window ended, then one new window opens and holds every attempt since', async () => {
    const start = new Date();
    await both('sign-in:client:192.0.2.1', start);
    const later = new Date(start.getTime() + WINDOW_MS + 1000);
    expect(await repos[0].current('sign-in:client:192.0.2.1', later)).toBeNull();
    await both('sign-in:client:192.0.2.1', later);
    expect((await repos[0].current('sign-in:client:192.0.2.1', later))?.count).toBe(EACH * 2);
  });
});
