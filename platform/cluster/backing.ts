import path from 'node:path';
import type { PlatformConfig } from '../config';
import { postgresBinaries, startLocalPostgres, type LocalPostgres } from '../local/postgres';
import { rabbitBinary, startLocalRabbit, type LocalRabbit } from '../local/rabbitmq';
import { localSecret } from '../local/secrets';

/** The broker and the database every replica shares: the ones given (AMQP_URL, DATABASE_URL), or our own. */
export interface Backing {
  amqpUrl: string;
  /** Set when we started PostgreSQL; otherwise the services read DATABASE_URL or MONGODB_URL themselves. */
  databaseUrl: string | undefined;
  lines(): string[];
  stop(): Promise<void>;
}

/** What a start needs installed, found before anything starts; the error says what to install or set. */
export function backingTools(config: PlatformConfig) {
  const rabbit = config.amqpUrl ? undefined : rabbitBinary(config.env.RABBITMQ_SCRIPTS_DIR);
  if (!config.amqpUrl && !rabbit)
    throw new Error('rabbitmq-server is not installed (apt-get install rabbitmq-server), and AMQP_URL is not set');
  const ownDatabase = !config.databaseUrl && !config.mongodbUrl;
  const postgres = ownDatabase ? postgresBinaries(config.env.POSTGRES_BIN_DIR) : undefined;
  if (ownDatabase && !postgres) throw new Error('PostgreSQL is not installed (apt-get install postgresql), and DATABASE_URL is not set');
  return { rabbit, postgres };
}

/** Data under DATA_DIR, so a second start finds the queues and stores again; loopback only, each with its own password. */
export async function startBacking(config: PlatformConfig, connections: number): Promise<Backing> {
  const tools = backingTools(config);
  const secret = (name: string) => localSecret(config.dataDir, name);
  const [rabbit, postgres] = await Promise.allSettled([
    tools.rabbit
      ? startLocalRabbit({
          dir: path.join(config.dataDir, 'rabbitmq'),
          nodeName: 'mailplane@localhost',
          server: tools.rabbit,
          env: config.env,
          user: { name: 'mailplane', password: secret('rabbitmq-password') },
        })
      : undefined,
    tools.postgres
      ? startLocalPostgres({
          dir: path.join(config.dataDir, 'postgres'),
          bin: tools.postgres,
          user: 'mailplane',
          password: secret('postgres-password'),
          database: 'mailplane',
          durable: true,
          maxConnections: connections,
        })
      : undefined,
  ]);
  const started = [rabbit, postgres].flatMap((r) => (r.status === 'fulfilled' && r.value ? [r.value] : []));
  const stop = async () => void (await Promise.all(started.map((s) => s.stop())));
  const failed = [rabbit, postgres].find((r) => r.status === 'rejected');
  if (failed) {
    await stop();
    throw (failed as PromiseRejectedResult).reason;
  }
  const ownRabbit = (rabbit as PromiseFulfilledResult<LocalRabbit | undefined>).value;
  const ownPostgres = (postgres as PromiseFulfilledResult<LocalPostgres | undefined>).value;
  return {
    amqpUrl: ownRabbit?.url ?? config.amqpUrl!,
    databaseUrl: ownPostgres?.url,
    lines: () => [
      ownRabbit
        ? processLine('rabbitmq', ownRabbit.pid, `amqp 127.0.0.1:${ownRabbit.port}  data in ${path.join(config.dataDir, 'rabbitmq')}`)
        : processLine('rabbitmq', undefined, 'AMQP_URL (not started here)'),
      ownPostgres
        ? processLine('postgresql', ownPostgres.pid(), `postgres 127.0.0.1:${ownPostgres.port}  data in ${ownPostgres.dir}`)
        : processLine('postgresql', undefined, config.databaseUrl ? 'DATABASE_URL (not started here)' : 'not used: MONGODB_URL'),
    ],
    stop,
  };
}

export function processLine(name: string, pid: number | undefined, what: string): string {
  return `    ${name.padEnd(13)} ${(pid ? `pid ${pid}` : '').padEnd(10)} ${what}`;
}
