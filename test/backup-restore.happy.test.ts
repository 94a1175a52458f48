import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import request from 'supertest';
import { adminCommand } from '../platform/admin-cli';
import { auth, tenantWithDomain, verifyWithPublishedRecord, waitForStatus } from './support/mail';
import { removeDir, startTestPlatform, type TestPlatform } from './support/platform';
import { freshDatabase, postgresBinaries } from './support/postgres';
import { describeWithPostgres } from './support/postgres-env';

const run = promisify(execFile);
const pgTool = (name: string) => {
  const bin = postgresBinaries();
  return bin && existsSync(path.join(bin, name)) ? path.join(bin, name) : name;
};

/** The platform's tables that hold rows but no statistics, whose queries the planner can only guess at. */
async function tablesWithRowsButNoStatistics(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname LIKE 'mailplane\\_%' AND c.relkind = 'r'
         AND NOT EXISTS (SELECT 1 FROM pg_stats s WHERE s.schemaname = n.nspname AND s.tablename = c.relname) ORDER BY 1`,
    );
    const held: string[] = [];
    for (const { name } of rows) if ((await client.query(`SELECT 1 FROM ${name} LIMIT 1`)).rowCount) held.push(name);
    return held;
  } finally {
    await client.end();
  }
}

/** What the platform holds before its backup: a tenant, its key and verified identity, one message sent, one scheduled. */
async function fill(platform: TestPlatform) {
  const t = await tenantWithDomain(platform);
  const send = (body: object) =>
    request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ from: `backup@${t.domain}`, to: 'r@example.org', ...body });
  const sent = await send({ subject: 'sent before the backup', text: 'first' });
  expect(sent.status).toBe(202);
  await waitForStatus(platform.url, t.key, sent.body.id, 'sent');
  // Due after the restored platform started: its body is in the backup only, and it is signed with the restored key.
  const scheduledAt = new Date(Date.now() + 15_000).toISOString();
  const later = await send({ subject: 'scheduled across the restore', text: 'the body the backup kept', scheduledAt });
  expect(later.status).toBe(202);
  return { ...t, sentId: sent.body.id as string, laterId: later.body.id as string };
}

/** What a platform started on the restore serves: the message, the key, the identity, and the scheduled mail, delivered and signed. */
async function expectRestored(platform: TestPlatform, held: Awaited<ReturnType<typeof fill>>) {
  const email = await request(platform.url).get(`/emails/${held.sentId}`).set(auth(held.key));
  expect(email.status).toBe(200);
  expect(email.body).toMatchObject({ id: held.sentId, status: 'sent', subject: 'sent before the backup' });
  const identity = await request(platform.url).get(`/identities/${held.identity.id}`).set(auth(held.key));
  expect(identity.status).toBe(200);
  expect(identity.body).toMatchObject({ domain: held.domain, status: 'verified' });
  const received = await platform.sandbox.sink.waitFor((m) => m.subject === 'scheduled across the restore', 30_000);
  expect(received.text.trim()).toBe('the body the backup kept');
  expect((await verifyWithPublishedRecord(received.raw, held.identity.dnsRecords)).status.result).toBe('pass');
  await waitForStatus(platform.url, held.key, held.laterId, 'sent');
}

const folders: string[] = [];
const newFolder = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `mailplane-${name}-`));
  folders.push(dir);
  return dir;
};
afterAll(() => folders.forEach(removeDir));

describe('a backup of the embedded SQLite data dir, taken while the platform runs', () => {
  it('when restored into a fresh data dir, then a platform started on it serves the messages, keys and identities it held', async () => {
    const original = await startTestPlatform();
    const held = await fill(original);
    const backup = path.join(newFolder('backup'), 'copy');
    // While it runs, and while it writes: another send goes on during the copy.
    const [summary, during] = await Promise.all([
      adminCommand(['backup', backup], { DATA_DIR: original.dataDir }),
      request(original.url)
        .post('/emails')
        .set(auth(held.key))
        .send({ from: `backup@${held.domain}`, to: 'r@example.org', subject: 'during', text: 'x' }),
    ]);
    expect(during.status).toBe(202);
    expect(summary).toMatch(/backed up .* SQLite databases/);
    // The copy holds the secrets: as private as DATA_DIR itself.
    expect(statSync(backup).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(backup, 'dkim-key-secret')).mode & 0o777).toBe(0o600);
    await original.stop();

    const restored = await startTestPlatform({}, backup);
    try {
      await expectRestored(restored, held);
    } finally {
      await restored.stop({ keepData: true });
    }
  }, 90_000);

  it('when the folder to back up into exists, then nothing is written and the command says why', async () => {
    const existing = newFolder('exists');
    await expect(adminCommand(['backup', existing], { DATA_DIR: newFolder('data') })).rejects.toThrow(/exists: back up into a new folder/);
  });
});

describeWithPostgres('a pg_dump of the PostgreSQL store, taken while the platform runs', () => {
  const databases: Array<Awaited<ReturnType<typeof freshDatabase>>> = [];
  afterAll(async () => {
    for (const database of databases) await database.drop();
  });

  it('when restored with pg_restore into a fresh database (with the data dir of secrets), then a platform started on it serves what it held', async () => {
    const [from, to] = [await freshDatabase(), await freshDatabase()];
    databases.push(from, to);
    const original = await startTestPlatform({ DATABASE_URL: from.url }, newFolder('pg-data'));
    const held = await fill(original);
    const dump = path.join(newFolder('pg-dump'), 'mailplane.dump');
    const secrets = path.join(newFolder('pg-secrets'), 'copy');
    await run(pgTool('pg_dump'), ['-Fc', '-f', dump, from.url]);
    await adminCommand(['backup', secrets], { DATA_DIR: original.dataDir });
    await original.stop();

    await run(pgTool('pg_restore'), ['--no-owner', '--exit-on-error', '-d', to.url, dump]);
    // pg_restore keeps no planner statistics; the start analyses those tables before it answers anything.
    expect(await tablesWithRowsButNoStatistics(to.url)).toEqual(
      expect.arrayContaining(['mailplane_mail.messages', 'mailplane_gateway.api_keys']),
    );
    const restored = await startTestPlatform({ DATABASE_URL: to.url }, secrets);
    try {
      expect(await tablesWithRowsButNoStatistics(to.url)).toEqual([]);
      await expectRestored(restored, held);
    } finally {
      await restored.stop({ keepData: true });
    }
  }, 90_000);
});
