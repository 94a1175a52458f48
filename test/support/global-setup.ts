import { postgresBinaries, startPrivatePostgres, type PrivatePostgres } from './postgres';
import { rabbitBinary, startPrivateRabbit, type PrivateRabbit } from './rabbitmq';

// Jest runs setup and teardown in the same process and lets them share only globals.
export const RABBIT_HANDLE = Symbol.for('mailplane.test.privateRabbit');
export const POSTGRES_HANDLE = Symbol.for('mailplane.test.privatePostgres');

export default async function globalSetup(): Promise<void> {
  await Promise.all([setUpRabbit(), setUpPostgres()]);
}

async function setUpPostgres(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  const bin = postgresBinaries();
  if (!bin) {
    const why = 'TEST_DATABASE_URL is not set and PostgreSQL (initdb, pg_ctl) is not installed';
    if (process.env.CI === 'true') throw new Error(`${why}: under CI the PostgreSQL suites must run, not skip.`);
    console.warn(banner(`PostgreSQL suites are SKIPPED: ${why}.`));
    return;
  }
  const postgres = await startPrivatePostgres(bin);
  (globalThis as Record<symbol, PrivatePostgres>)[POSTGRES_HANDLE] = postgres;
  Object.assign(process.env, postgres.env);
}

async function setUpRabbit(): Promise<void> {
  if (process.env.AMQP_URL) return;
  if (!rabbitBinary()) {
    const why = 'AMQP_URL is not set and rabbitmq-server is not installed';
    if (process.env.CI === 'true') throw new Error(`${why}: under CI the RabbitMQ suites must run, not skip.`);
    console.warn(banner(`RabbitMQ suites are SKIPPED: ${why}.`));
    return;
  }
  const rabbit = await startPrivateRabbit();
  (globalThis as Record<symbol, PrivateRabbit>)[RABBIT_HANDLE] = rabbit;
  Object.assign(process.env, rabbit.env);
}

export function banner(text: string): string {
  const line = '!'.repeat(text.length + 8);
  return `\n${line}\n!!! ${text} !!!\n${line}\n`;
}
