import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { postgresBinaries, startPrivatePostgres, type PrivatePostgres } from './postgres';
import { rabbitBinary, startPrivateRabbit, type PrivateRabbit } from './rabbitmq';
import { WORKER_ENV_PREFIX } from './worker-env';

// Jest runs setup and teardown in the same process and lets them share only globals.
export const RABBIT_HANDLE = Symbol.for('mailplane.test.privateRabbit');
export const POSTGRES_HANDLE = Symbol.for('mailplane.test.privatePostgres');

/**
 * A RabbitMQ node and a PostgreSQL cluster of its own for each jest worker (`worker-env.ts` hands each worker its
 * pair): the files of one worker run one at a time, as with one worker, so a test that stops its broker or database
 * stops no other worker's. Given AMQP_URL or TEST_DATABASE_URL, every worker shares that one.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  const workers = Math.max(1, globalConfig.maxWorkers);
  const backing = Promise.all([setUpRabbits(workers), setUpPostgres(workers)]);
  compiledTree();
  const [rabbits, postgres] = await backing;
  for (let k = 0; k < workers; k++)
    process.env[`${WORKER_ENV_PREFIX}${k + 1}`] = JSON.stringify({ ...rabbits[k]?.env, ...postgres[k]?.env });
}

/**
 * The processes the tests spawn run the compiled tree (`scripts/build.mjs`, rebuilt when a source changed): a start
 * then costs ~30 % less CPU than through tsx. `npm start`'s own path, through tsx, is tried by first-run.happy.
 */
function compiledTree() {
  const root = path.resolve(__dirname, '../..');
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--if-stale'], { stdio: 'inherit' });
  process.env.MAILPLANE_COMPILED ??= path.join(root, '.build');
}

async function setUpPostgres(workers: number): Promise<PrivatePostgres[]> {
  if (process.env.TEST_DATABASE_URL) return [];
  const bin = postgresBinaries();
  if (!bin) {
    const why = 'TEST_DATABASE_URL is not set and PostgreSQL (initdb, pg_ctl) is not installed';
    if (process.env.CI === 'true') throw new Error(`${why}: under CI the PostgreSQL suites must run, not skip.`);
    console.warn(banner(`PostgreSQL suites are SKIPPED: ${why}.`));
    return [];
  }
  const started = await Promise.all(Array.from({ length: workers }, () => startPrivatePostgres(bin)));
  (globalThis as Record<symbol, PrivatePostgres[]>)[POSTGRES_HANDLE] = started;
  return started;
}

async function setUpRabbits(workers: number): Promise<PrivateRabbit[]> {
  if (process.env.AMQP_URL) return [];
  if (!rabbitBinary()) {
    const why = 'AMQP_URL is not set and rabbitmq-server is not installed';
    if (process.env.CI === 'true') throw new Error(`${why}: under CI the RabbitMQ suites must run, not skip.`);
    console.warn(banner(`RabbitMQ suites are SKIPPED: ${why}.`));
    return [];
  }
  const started = await Promise.all(Array.from({ length: workers }, () => startPrivateRabbit()));
  (globalThis as Record<symbol, PrivateRabbit[]>)[RABBIT_HANDLE] = started;
  return started;
}

export function banner(text: string): string {
  const line = '!'.repeat(text.length + 8);
  return `\n${line}\n!!! ${text} !!!\n${line}\n`;
}
