import os from 'node:os';
import path from 'node:path';

/** The bench's only reading of the environment: every knob, parsed once. See BENCHMARKS.md. */
const env = process.env;

function positiveInt(name: string, fallback: number): number {
  const v = env[name];
  const n = v === undefined || v === '' ? fallback : Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got ${v}`);
  return n;
}

const n = positiveInt('BENCH_N', 2000);
const list = (name: string, fallback: string) =>
  (env[name] || fallback)
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);

export const benchConfig = Object.freeze({
  n: {
    baseline: positiveInt('BENCH_N_BASELINE', n),
    embedded: positiveInt('BENCH_N_EMBEDDED', n),
    distributed: positiveInt('BENCH_N_DISTRIBUTED', n),
  },
  concurrency: positiveInt('BENCH_CONCURRENCY', 32),
  modes: new Set((env.BENCH_MODES ?? 'baseline,embedded,distributed').split(',').map((m) => m.trim())),
  amqpUrl: env.AMQP_URL || undefined,
  verbose: Boolean(env.BENCH_VERBOSE),
  profileDir: env.BENCH_PROFILE || undefined,
  parts: new Set(list('BENCH_PARTS', 'throughput,accept,burst,batch,smtp')),
  /** Messages per path (SMTP submission, POST /emails) of the smtp part, in BENCH_SMTP_ROUNDS alternating rounds. */
  smtpN: positiveInt('BENCH_SMTP_N', 2000),
  smtpRounds: positiveInt('BENCH_SMTP_ROUNDS', 4),
  batchEmails: positiveInt('BENCH_BATCH_EMAILS', 2000),
  acceptRates: list('BENCH_ACCEPT_RATES', '50,150,300').map((r) => {
    if (!(Number(r) > 0)) throw new Error(`BENCH_ACCEPT_RATES must list positive numbers, got ${r}`);
    return Number(r);
  }),
  acceptSeconds: positiveInt('BENCH_ACCEPT_SECONDS', 10),
  /** Embedded and distributed accept runs without traces, with them (to a discarding collector), or both in turn. */
  tracing: list('BENCH_TRACING', 'off').map((t) => {
    if (t !== 'off' && t !== 'on') throw new Error(`BENCH_TRACING must list off and/or on, got ${t}`);
    return t === 'on';
  }),
  engines: list('BENCH_ENGINES', 'sqlite,postgres'),
  burstN: positiveInt('BENCH_BURST_N', 1000),
  burstModes: new Set((env.BENCH_MODES ?? 'embedded,distributed').split(',').map((m) => m.trim())),
  hostileSeconds: positiveInt('BENCH_HOSTILE_SECONDS', 20),
  hostileModes: list('BENCH_MODES', 'embedded,distributed'),
  hostilePhases: list('BENCH_HOSTILE_PHASES', 'hold,retry,inbound bomb,inbound bomb + hold'),
  dkimMessages: positiveInt('BENCH_MESSAGES', 2000),
  dkimRounds: positiveInt('BENCH_ROUNDS', 3),
  redirectRate: positiveInt('BENCH_RATE', 300),
  redirectSeconds: positiveInt('BENCH_SECONDS', 10),
  /** Seeding: where the embedded store lives, or PostgreSQL or MongoDB instead, and the DKIM key secret if set. */
  dataDir: env.DATA_DIR ?? './data',
  databaseUrl: env.DATABASE_URL || undefined,
  mongodbUrl: env.MONGODB_URL || undefined,
  dkimKeySecret: env.DKIM_KEY_SECRET || undefined,
  volumeDir: env.VOLUME_DIR || undefined,
  pgDir: env.BENCH_PG_DIR || path.join(os.tmpdir(), 'mailplane-bench-pg'),
  /** Handed whole to the platform processes a bench starts, which read it themselves. */
  childEnv: env,
});
