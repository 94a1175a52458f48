import { banner } from './global-setup';

/** `describe` for suites that need RabbitMQ: runs when global setup provided AMQP_URL, skips loudly otherwise (fails under CI). */
export function describeWithRabbit(name: string, fn: (amqpUrl: string) => void): void {
  const url = process.env.AMQP_URL;
  if (url) {
    describe(name, () => fn(url));
    return;
  }
  if (process.env.CI === 'true') throw new Error(`${name}: no RabbitMQ (AMQP_URL unset) under CI`);
  // Straight to stderr: jest drops console output of a file whose tests are all skipped.
  process.stderr.write(banner(`SKIPPED "${name}": no RabbitMQ available (set AMQP_URL or install rabbitmq-server)`));
  describe.skip(name, () => fn(''));
}
