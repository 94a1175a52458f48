import { rabbitBinary, startPrivateRabbit, type PrivateRabbit } from './rabbitmq';

// Jest runs setup and teardown in the same process and lets them share only globals.
export const RABBIT_HANDLE = Symbol.for('mailplane.test.privateRabbit');

export default async function globalSetup(): Promise<void> {
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
