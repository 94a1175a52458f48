// Seeds the configured store (DATA_DIR, DATABASE_URL or MONGODB_URL): a sandbox tenant with a key, a verified identity
// and N messages over 90 days. `npx tsx bench/seed.ts --count 100000`
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createBlobStore, createPostgresStore, createStore, type Doc, type Store } from '@mailplane/store';
import { bodiesRepo } from '../services/mail/src/data-access/bodies-repo';
import { loadPlatformConfig } from '../platform/config';
import { SANDBOX_DOMAIN } from '../platform/sandbox-identity';
import { storeConfigFor } from '../platform/services';
import { benchConfig } from './config';
import { COLLECTIONS, createIndexes, identityRecord, messageRecord, tenantRecords } from './records';

const DAY_MS = 86_400_000;
const BATCH = 5000;

/** The per-service layout of platform/services.ts: a folder, a schema or a database per service. */
const configFor = (service: 'gateway' | 'mail', dataDir: string) =>
  storeConfigFor(service, loadPlatformConfig({ ...benchConfig.childEnv, DATA_DIR: dataDir }));
/** On PostgreSQL every index is built before the seeder exits: one deferred to after start-up would be canceled at close. */
function storeFor(service: 'gateway' | 'mail', dataDir: string): Promise<Store> {
  const config = configFor(service, dataDir);
  if (!('postgresUrl' in config)) return createStore(config);
  return createPostgresStore({
    url: config.postgresUrl,
    schema: config.schema,
    poolSize: config.poolSize,
    backgroundIndexFromRows: Infinity,
  });
}

/** The secret the embedded platform keeps beside the data (platform/embedded.ts), unless set in the environment. */
function dkimKeySecret(dataDir: string): string {
  if (benchConfig.dkimKeySecret) return benchConfig.dkimKeySecret;
  const file = path.join(dataDir, 'dkim-key-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/** The sandbox DNS zone the embedded platform serves from DATA_DIR, so the identity checks out there too. */
function publishInSandboxDns(dataDir: string, records: Array<{ name: string; value: string }>): void {
  const file = path.join(dataDir, 'sandbox-dns.json');
  const zone = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  for (const r of records) zone[r.name] = [r.value];
  writeFileSync(file, JSON.stringify(zone, null, 2));
}

export async function seed(count: number, dataDir: string, log: (line: string) => void = console.log): Promise<string> {
  const now = new Date();
  const gateway = await storeFor('gateway', dataDir);
  const mail = await storeFor('mail', dataDir);
  const blobs = await createBlobStore(configFor('mail', dataDir), 'bodies');
  const bodies = bodiesRepo(blobs);
  try {
    if (await gateway.collection<Doc>(COLLECTIONS.tenants).findOne({ sandbox: true })) throw new Error(`${dataDir} is already seeded`);
    const { tenant, apiKey, token } = tenantRecords(now);
    await gateway.collection<Doc>(COLLECTIONS.tenants).insertOne(tenant);
    await gateway.collection<Doc>(COLLECTIONS.apiKeys).insertOne(apiKey);
    const identity = await identityRecord(tenant._id, SANDBOX_DOMAIN, dkimKeySecret(dataDir), now);
    await mail.collection<Doc>(COLLECTIONS.identities).insertOne(identity);
    publishInSandboxDns(dataDir, identity.dnsRecords);

    const messages = mail.collection<Doc>(COLLECTIONS.messages);
    const started = performance.now();
    for (let from = 0; from < count; from += BATCH) {
      const batch = [];
      const saved: Promise<void>[] = [];
      // Oldest first over 90 days; bodies first, as mail writes them (each settles with the batch insert whose commit carries it).
      for (let i = from; i < Math.min(count, from + BATCH); i++) {
        const { record, body } = messageRecord(
          i,
          tenant._id,
          identity._id,
          SANDBOX_DOMAIN,
          now.getTime(),
          ((count - i) / count) * 90 * DAY_MS,
        );
        if (body) saved.push(bodies.save(record._id, body));
        // A few hundred at a time: a pool's queue wait counts against its connection timeout.
        if (saved.length >= 200) await Promise.all(saved.splice(0));
        batch.push(record);
      }
      await Promise.all(saved);
      await messages.insertMany(batch);
      if ((from / BATCH) % 20 === 19) log(`  ${from + batch.length} messages (${Math.round((performance.now() - started) / 1000)} s)`);
    }
    log(`seeded ${count} messages in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // Built once here rather than on the platform's first start, so the bench measures a steady-state start.
    await createIndexes(gateway, mail);
    log(`indexes built after ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return token;
  } finally {
    await gateway.close();
    await mail.close();
    await blobs.close();
  }
}

if (require.main === module) {
  const at = process.argv.indexOf('--count');
  const count = at > 0 ? Number(process.argv[at + 1]) : NaN;
  if (!Number.isInteger(count) || count < 0) {
    console.error('usage: npx tsx bench/seed.ts --count N   (DATA_DIR, DATABASE_URL or MONGODB_URL chooses the store)');
    process.exit(2);
  }
  seed(count, path.resolve(benchConfig.dataDir)).then(
    (token) => console.log(`API key: ${token}`),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
