import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BANNER_API_KEY, spawnBin, spawnEmbedded, spawnService, type ServiceProcess } from '../test/support/processes';
import { startPrivateRabbit, type PrivateRabbit } from '../test/support/rabbitmq';
import { ADMIN_TOKEN, UNLIMITED, jsonClient, tenantWithIdentity } from './common';
import { benchConfig } from './config';
import { startSandboxDns } from '../sandbox/dns-server';
import { pidsWithEnv } from './cpu-time';
import { distributedEnv } from '../test/support/distributed';
import { receivingTenant } from './receiving-tenant';
import { freePort } from '../platform/local/ports';
import { startDiscardingMta } from './discard-mta';
import { databaseBackends, freshBenchDatabase } from './bench-database';
import { profiledNodeArgs } from './profile';
import { startDiscardingCollector } from './discard-otlp';

/** Something that answers `POST /emails` and `GET /healthz`, running in processes of its own. */
export interface AcceptTarget {
  mode: string;
  url: string;
  key: string;
  from: string;
  procs: ServiceProcess[];
  /** The processes whose CPU time the bench reports, by name (the platform's and the broker's). */
  cpuGroups(): Record<string, number[]>;
  /** Messages the MTA received so far; null when the target does not deliver (the baseline). */
  delivered(): number | null;
  /** The inbound MX and an address it receives for (the hostile load's bomb); absent when the target receives none. */
  inbound?: { host: string; port: number; to: string };
  stop(): Promise<void>;
}

export type AcceptMode = 'baseline' | 'embedded' | 'distributed';

/** Where a target keeps its data: SQLite files, or with DATABASE_URL a database of that server of the run's own. */
export type Engine = 'sqlite' | 'postgres';

/** The engines a mode runs on: with DATABASE_URL, baseline and distributed run on each of BENCH_ENGINES in turn. */
export const enginesFor = (mode: AcceptMode): Engine[] =>
  benchConfig.databaseUrl && mode !== 'embedded'
    ? (['sqlite', 'postgres'] as const).filter((engine) => benchConfig.engines.includes(engine))
    : ['sqlite'];

const DISTRIBUTED_MX_HOST = 'mx.bench.test';
const INBOUND_BENCH_DOMAIN = 'inbound.bench.test';

// Starting (tsx compiling each process, RabbitMQ booting) took over a minute under a load of 15+ on this shared machine.
const START_MS = 180_000;

/** `traced`: the platform exports its spans (OTLP/HTTP, protobuf, the SDK's batching) to a collector that discards them. */
export async function startTarget(mode: AcceptMode, engine: Engine = 'sqlite', traced = false): Promise<AcceptTarget> {
  if (mode === 'baseline') return startBaseline(engine);
  const collector = traced ? await startDiscardingCollector() : undefined;
  const tracing: Record<string, string> = collector ? { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url } : {};
  const target = await (mode === 'embedded' ? startEmbeddedTarget(tracing) : startDistributedTarget(engine, tracing)).catch(async (err) => {
    await collector?.stop();
    throw err;
  });
  if (!collector) return target;
  const stop = async () => {
    process.stdout.write(`  ${target.mode} + traces: ${collector.exports()} OTLP exports received\n`);
    await target.stop().finally(() => collector.stop());
  };
  return { ...target, mode: `${target.mode} + traces`, stop };
}

export const runDatabase = (engine: Engine, run: string) =>
  engine === 'postgres' && benchConfig.databaseUrl ? freshBenchDatabase(benchConfig.databaseUrl, run) : undefined;

async function startBaseline(engine: Engine): Promise<AcceptTarget> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-accept-base-'));
  const database = await runDatabase(engine, 'accept_baseline');
  const proc = spawnBin(
    'baseline',
    ['bench/accept-baseline-server.ts', dataDir, ...(database ? [database.url] : [])],
    {},
    profiledNodeArgs(),
  );
  const backends = database && databaseBackends(database.url);
  const stop = async () => {
    backends?.stop();
    await proc.kill();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const url = (await proc.waitForOutput(/listening at (\S+)/, START_MS))[1];
    return {
      mode: `baseline (express + 1 ${database ? 'PostgreSQL' : 'SQLite'} insert)`,
      url,
      key: 'none',
      from: 'bench@baseline.test',
      procs: [proc],
      cpuGroups: () => ({ baseline: [proc.child.pid!], ...(backends ? { postgres: backends.pids() } : {}) }),
      delivered: () => null,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** `bin/embedded.ts` as `npm start` runs it, its sandbox tenant and key; it relays to a discarding MTA. */
async function startEmbeddedTarget(tracing: Record<string, string>): Promise<AcceptTarget> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-accept-emb-'));
  const mta = await startDiscardingMta();
  const smtp = { SMTP_URL: `smtp://127.0.0.1:${mta.port}` };
  const env = { DATA_DIR: dataDir, PORT: '0', SANDBOX_PORT: '0', HOST: '127.0.0.1', ADMIN_TOKEN, ...smtp, ...UNLIMITED, ...tracing };
  const proc = spawnEmbedded(env, profiledNodeArgs());
  const stop = async () => {
    await proc.kill();
    await mta.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const url = (await proc.waitForOutput(/running at (http:\/\/\S+)/, START_MS))[1];
    const key = (await proc.waitForOutput(BANNER_API_KEY))[1];
    const inbound = new URL((await proc.waitForOutput(/Inbound mail:\s+(smtp:\/\/\S+)/))[1]);
    return {
      mode: 'embedded',
      inbound: { host: inbound.hostname, port: Number(inbound.port), to: 'hello@sandbox.mailplane.test' },
      url,
      key,
      from: 'hello@sandbox.mailplane.test',
      procs: [proc],
      cpuGroups: () => ({ embedded: [proc.child.pid!] }),
      delivered: mta.received,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The four services as `bin/service.ts` processes over a private RabbitMQ (or AMQP_URL); MTA + DNS in this process. */
async function startDistributedTarget(engine: Engine, tracing: Record<string, string>): Promise<AcceptTarget> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-accept-dist-'));
  const [mta, dns] = [await startDiscardingMta(), await startSandboxDns()];
  const procs: ServiceProcess[] = [];
  let rabbit: PrivateRabbit | undefined;
  const database = await runDatabase(engine, 'accept_distributed');
  const backends = database && databaseBackends(database.url);
  const stop = async () => {
    backends?.stop();
    await Promise.all(procs.map((p) => p.kill()));
    await database?.drop();
    await rabbit?.stop();
    await mta.stop();
    await dns.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const amqpUrl = benchConfig.amqpUrl ?? (rabbit = await startPrivateRabbit()).url;
    const inboundPort = await freePort();
    const env = distributedEnv(amqpUrl, dataDir, {
      INBOUND_MX_HOST: DISTRIBUTED_MX_HOST,
      INBOUND_HOST: '127.0.0.1',
      INBOUND_PORT: String(inboundPort),
      ADMIN_TOKEN,
      SMTP_URL: `smtp://127.0.0.1:${mta.port}`,
      DNS_SERVERS: `127.0.0.1:${dns.port}`,
      ...UNLIMITED,
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...tracing,
    });
    for (const name of ['billing', 'mail', 'webhooks', 'gateway']) procs.push(spawnService(name, env, profiledNodeArgs()));
    await Promise.all(procs.map((p) => p.waitForOutput(/started/, START_MS)));
    const url = (await procs[3].waitForOutput(/gateway started at (\S+)/))[1];
    const client = jsonClient(url, 4);
    try {
      const { auth, domain } = await tenantWithIdentity(client, (name, value) => dns.setTxt(name, [value]));
      const key = auth.authorization.slice('Bearer '.length);
      await receivingTenant(client, dns, INBOUND_BENCH_DOMAIN);
      const cpuGroups = () => ({
        ...Object.fromEntries(procs.map((p) => [p.name, [p.child.pid!]])),
        rabbitmq: rabbit ? pidsWithEnv(`RABBITMQ_NODENAME=${rabbit.nodeName}`) : [],
        ...(backends ? { postgres: backends.pids() } : {}),
      });
      return {
        mode: `distributed (4 procs + RabbitMQ${database ? ' + PostgreSQL' : ''})`,
        url,
        inbound: { host: '127.0.0.1', port: inboundPort, to: `hello@${INBOUND_BENCH_DOMAIN}` },
        key,
        from: `bench@${domain}`,
        procs,
        cpuGroups,
        delivered: mta.received,
        stop,
      };
    } finally {
      client.close();
    }
  } catch (err) {
    await stop();
    throw err;
  }
}
