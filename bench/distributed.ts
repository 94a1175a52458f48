import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawnService, type ServiceProcess } from '../test/support/processes';
import { rabbitBinary, startPrivateRabbit, type PrivateRabbit } from '../test/support/rabbitmq';
import { ADMIN_TOKEN, UNLIMITED, jsonClient, postEmails, sinkReaches, tenantWithIdentity, type RunResult } from './common';
import { assertSigned, startVerifyingSink } from './sink';
import { benchConfig } from './config';
import { runDatabase, type Engine } from './accept-targets';
import { statementCounter } from './statement-counts';

const modeOf = (engine: Engine) => `distributed (4 procs + RabbitMQ${engine === 'postgres' ? ' + PostgreSQL' : ''})`;

export async function distributedUnavailable(): Promise<string | null> {
  if (!benchConfig.amqpUrl && !rabbitBinary()) return 'no AMQP_URL and rabbitmq-server is not installed';
  try {
    const broker = (await import('@mailplane/broker')) as Record<string, unknown>;
    if (typeof broker.createAmqpBroker !== 'function') return '@mailplane/broker does not export createAmqpBroker yet';
  } catch (err) {
    return `@mailplane/broker does not load: ${(err as Error).message.split('\n')[0]}`;
  }
  return null;
}

/** gateway, billing, mail, webhooks as separate `bin/service.ts` processes; sink + DNS in this process. */
export async function runDistributed(n: number, window: number, engine: Engine = 'sqlite'): Promise<RunResult> {
  const MODE = modeOf(engine);
  const reason = await distributedUnavailable();
  if (reason) return { mode: MODE, n, seconds: null, note: `skipped: ${reason}` };
  let rabbit: PrivateRabbit | undefined;
  const procs: ServiceProcess[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-bench-dist-'));
  const receiving = await startVerifyingSink();
  const database = await runDatabase(engine, 'throughput_distributed');
  try {
    const amqpUrl = benchConfig.amqpUrl ?? (rabbit = await startPrivateRabbit()).url;
    const env = {
      AMQP_URL: amqpUrl,
      DATA_DIR: dataDir,
      ADMIN_TOKEN,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${receiving.sink.port}`,
      DNS_SERVERS: `127.0.0.1:${receiving.dns.port}`,
      DKIM_KEY_SECRET: 'bench-dkim-key-secret-0123456789abcdef',
      WEBHOOK_SECRET_KEY: 'webhook-secret-key-0123456789',
      UNSUBSCRIBE_SECRET: 'bench-unsubscribe-secret-0123456789abcdef',
      TRACKING_SECRET: 'bench-tracking-secret-0123456789abcdefgh',
      PUBLIC_URL: 'http://localhost:3000',
      RETRY_SCHEDULE: '1s,2s,5s',
      ...UNLIMITED,
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    for (const name of ['billing', 'mail', 'webhooks', 'gateway']) procs.push(spawnService(name, env));
    await Promise.all(procs.map((p) => p.waitForOutput(/started/, 60_000)));
    const url = (await procs[3].waitForOutput(/gateway started at (\S+)/))[1];
    const client = jsonClient(url, window);
    try {
      const { auth, domain } = await tenantWithIdentity(client, (name, value) => receiving.dns.setTxt(name, [value]));
      receiving.sink.clear();
      const statements = database ? await statementCounter(database.url) : null;
      await statements?.start();
      const start = performance.now();
      const accepted = await postEmails(client, auth, domain, n, window);
      const end = await sinkReaches(receiving.sink, n, 180_000);
      assertSigned(receiving.sink, 'distributed');
      const counted = await statements?.stop(n);
      const detail = counted && `${counted.perSend.toFixed(2)} statements per delivered send, of which:\n${counted.top}`;
      return { mode: MODE, n, seconds: (end - start) / 1000, acceptedSeconds: (accepted - start) / 1000, ...(detail ? { detail } : {}) };
    } finally {
      client.close();
    }
  } catch (err) {
    const logs = procs.map((p) => `--- ${p.name} ---\n${p.output().split('\n').slice(-15).join('\n')}`).join('\n');
    return {
      mode: MODE,
      n,
      seconds: null,
      note: `failed: ${(err as Error).message.split('\n')[0]}`,
      ...(benchConfig.verbose ? { logs } : {}),
    };
  } finally {
    await Promise.all(procs.map((p) => p.kill()));
    await database?.drop();
    await rabbit?.stop();
    await receiving.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
