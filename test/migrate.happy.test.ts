import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createBlobStore, createPostgresStore, createStore, type Doc } from '@mailplane/store';
import { seed } from '../bench/seed';
import { adminCommand } from '../platform/admin-cli';
import { auth } from './support/mail';
import { removeDir, startTestPlatform } from './support/platform';
import { freshDatabase } from './support/postgres';
import { describeWithPostgres } from './support/postgres-env';

const SEEDED = 4500;

// A service's SQLite data (filled by the seeder) copied into PostgreSQL with `npm run admin -- migrate`.
describeWithPostgres('migration of SQLite data into PostgreSQL', () => {
  let dataDir: string;
  let apiKey: string;
  const databases: Array<Awaited<ReturnType<typeof freshDatabase>>> = [];
  const fresh = async () => {
    const database = await freshDatabase();
    databases.push(database);
    return database.url;
  };
  const migrate = (url: string, log: (line: string) => void = () => undefined) =>
    adminCommand(['migrate', 'all'], { DATA_DIR: dataDir, DATABASE_URL: url }, log);
  const messagesIn = async (url: string) => {
    const store = await createPostgresStore({ url, schema: 'mailplane_mail', ownPool: true });
    try {
      return await store.collection<Doc>('messages').count({});
    } finally {
      await store.close();
    }
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-migrate-'));
    apiKey = await seed(SEEDED, dataDir, () => undefined);
  }, 120_000);
  afterAll(async () => {
    for (const database of databases) await database.drop();
    removeDir(dataDir);
  });

  it('when migrated, then every document and body is in PostgreSQL as it was, and the platform serves it from there', async () => {
    const url = await fresh();
    expect(await migrate(url)).toMatch(new RegExp(`mail: copied into schema mailplane_mail: .*messages ${SEEDED}`));

    const sqlite = await createStore({ dir: path.join(dataDir, 'mail') });
    const postgres = await createPostgresStore({ url, schema: 'mailplane_mail', ownPool: true });
    const [before, after] = await Promise.all(
      [sqlite, postgres].map((s) => s.collection<Doc>('messages').find({}, { sort: { _id: 1 }, skip: 1000, limit: 20 })),
    );
    expect(after).toEqual(before);
    const [fromBlobs, toBlobs] = [
      await createBlobStore({ dir: path.join(dataDir, 'mail') }, 'bodies'),
      await createBlobStore({ postgresUrl: url, schema: 'mailplane_mail' }, 'bodies'),
    ];
    for (const { _id } of before) expect(await toBlobs.get(_id)).toEqual(await fromBlobs.get(_id));
    await Promise.all([sqlite.close(), postgres.close(), fromBlobs.close(), toBlobs.close()]);

    const platform = await startTestPlatform({ DATABASE_URL: url }, dataDir);
    try {
      const listed = await request(platform.url).get('/emails?limit=5').set(auth(apiKey)).expect(200);
      expect(listed.body.total).toBe(SEEDED);
      await request(platform.url).get(`/emails/${before[0]._id}`).set(auth(apiKey)).expect(200);
    } finally {
      await platform.stop({ keepData: true });
    }
  }, 120_000);

  it('when run again, then it copies nothing more; when interrupted, then the next run goes on and ends the same', async () => {
    const url = await fresh();
    let batches = 0;
    const interrupted = migrate(url, (line) => {
      if (line.includes('mail/messages') && ++batches === 1) throw new Error('interrupted');
    });
    await expect(interrupted).rejects.toThrow('interrupted');
    expect(await messagesIn(url)).toBeGreaterThan(0);
    expect(await messagesIn(url)).toBeLessThan(SEEDED);

    expect(await migrate(url)).toMatch(/mail: copied into schema mailplane_mail: .*messages \d+/);
    expect(await messagesIn(url)).toBe(SEEDED);
    const again = await migrate(url);
    expect(again).toMatch(/mail: copied into schema mailplane_mail: .*messages 0/);
    expect(again).toMatch(/blobs:bodies 0/);
    expect(await messagesIn(url)).toBe(SEEDED);
  }, 120_000);
});
