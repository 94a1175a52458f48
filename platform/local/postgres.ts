import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './ports';

const run = promisify(execFile);

/** `binDir` if it holds initdb, else the newest Debian install under /usr/lib/postgresql; undefined when absent. */
export function postgresBinaries(binDir?: string): string | undefined {
  if (binDir) return existsSync(join(binDir, 'initdb')) ? binDir : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(root, versions[0], 'bin');
}

/** PostgreSQL refuses to run as root: as root, every command runs as the `postgres` system user. */
export async function runAsPrefix(): Promise<RunAs> {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const [uid, gid] = await Promise.all(['-u', '-g'].map(async (flag) => Number((await run('id', [flag, 'postgres'])).stdout.trim())));
  const home = (await run('getent', ['passwd', 'postgres'])).stdout.trim().split(':')[5];
  return { prefix: ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--init-groups'], uid, gid, home };
}

interface RunAs {
  prefix: string[];
  uid?: number;
  gid?: number;
  home?: string;
}

/**
 * `dir`, unless we are root and the postgres user cannot reach its parent (`mktemp -d` makes it 0700): then a 0700
 * folder in that user's home, with `dir` a symlink to it. Nothing of DATA_DIR is opened to anyone for it.
 */
async function clusterPlace(dir: string, runAs: RunAs): Promise<string> {
  if (runAs.uid === undefined) return dir;
  const present = lstatOrUndefined(dir);
  if (present?.isSymbolicLink()) return realpathSync(dir);
  const reachable = await run(runAs.prefix[0], [...runAs.prefix.slice(1), 'test', '-x', dirname(dir)]).then(
    () => true,
    () => false,
  );
  if (reachable) return dir;
  if (present && existsSync(join(dir, 'data', 'PG_VERSION')))
    throw new Error(`the postgres user cannot reach the PostgreSQL data in ${dir}: allow it into ${dirname(dir)} (chmod o+x, or an ACL)`);
  // What a start that failed here left (the folder, never a cluster).
  rmSync(dir, { recursive: true, force: true });
  if (!runAs.home || !existsSync(runAs.home))
    throw new Error(`the postgres user cannot reach ${dirname(dir)}, and has no home to keep the data in`);
  const parent = join(runAs.home, 'mailplane');
  const place = join(parent, randomBytes(8).toString('hex'));
  for (const folder of [parent, place]) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    chownSync(folder, runAs.uid, runAs.gid!);
  }
  symlinkSync(place, dir);
  return place;
}

const lstatOrUndefined = (path: string) => {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
};

/** Everything `pg_ctl` needs to start and stop one cluster; plain strings, so another process can rebuild it. */
export interface PgCtlSpec {
  bin: string;
  data: string;
  log: string;
  options: string;
  runAs: string[];
}

export function pgCtl(spec: PgCtlSpec) {
  const ctl = async (args: string[]) => {
    const command = [...spec.runAs, join(spec.bin, 'pg_ctl'), '-D', spec.data, ...args];
    try {
      await run(command[0], command.slice(1), { timeout: 120_000 });
    } catch (err) {
      const tail = existsSync(spec.log) ? readFileSync(spec.log, 'utf8').split('\n').slice(-30).join('\n') : '(no log)';
      throw new Error(`pg_ctl ${args[args.length - 1]} failed: ${(err as Error).message}\n--- server log ---\n${tail}`);
    }
  };
  return {
    start: () => ctl(['-l', spec.log, '-o', spec.options, '-w', '-t', '110', 'start']),
    stop: () => ctl(['-m', 'fast', '-w', 'stop']),
  };
}

export interface LocalPostgres {
  /** With the credentials: never print it. */
  url: string;
  port: number;
  /** Where its data is (the options' `dir`, or where that symlink leads). */
  dir: string;
  spec: PgCtlSpec;
  pid(): number;
  stop(): Promise<void>;
}

export interface LocalPostgresOptions {
  dir: string;
  bin: string;
  user: string;
  /** Password authentication with this password; otherwise trust (anyone on this host may connect). */
  password?: string;
  database: string;
  /** false for throwaway data: no fsync, no full-page writes (a test kills processes, never the machine). */
  durable: boolean;
  maxConnections: number;
}

/** A watchdog stops the cluster if this process dies without stopping it. */
export async function startLocalPostgres(options: LocalPostgresOptions): Promise<LocalPostgres> {
  const runAs = await runAsPrefix();
  const { prefix } = runAs;
  const dir = await clusterPlace(options.dir, runAs);
  mkdirSync(dir, { recursive: true });
  if (runAs.uid !== undefined) chownSync(dir, runAs.uid, runAs.gid!);
  const data = join(dir, 'data');
  if (!existsSync(join(data, 'PG_VERSION'))) await initCluster(options, dir, runAs);
  const port = await freePort();
  const settings = [`-p ${port}`, "-k ''", '-c listen_addresses=127.0.0.1', `-c max_connections=${options.maxConnections}`];
  if (!options.durable) settings.push('-c fsync=off', '-c full_page_writes=off');
  const spec: PgCtlSpec = { bin: options.bin, data, log: join(dir, 'server.log'), options: settings.join(' '), runAs: prefix };
  const control = pgCtl(spec);
  await control.start();
  const watchdog = spawn(
    'sh',
    [
      '-c',
      `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${prefix.join(' ')} "${spec.bin}/pg_ctl" -D "${data}" stop -m fast`,
    ],
    { detached: true, stdio: 'ignore' },
  );
  watchdog.unref();
  const credentials = options.password ? `${options.user}:${encodeURIComponent(options.password)}` : options.user;
  const url = `postgres://${credentials}@127.0.0.1:${port}/${options.database}`;
  await createDatabase(url, options.database).catch(async (err) => {
    watchdog.kill();
    await control.stop();
    throw err;
  });
  return {
    url,
    port,
    dir,
    spec,
    pid: () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop: async () => {
      watchdog.kill();
      await control.stop();
    },
  };
}

async function initCluster(options: LocalPostgresOptions, dir: string, runAs: RunAs) {
  const data = join(dir, 'data');
  const pwfile = join(dir, 'initdb-password');
  if (options.password) {
    writeFileSync(pwfile, options.password, { mode: 0o600 });
    if (runAs.uid !== undefined) chownSync(pwfile, runAs.uid, runAs.gid!);
  }
  const auth = options.password ? ['--auth=scram-sha-256', `--pwfile=${pwfile}`] : ['--auth=trust'];
  const initdb = ['-D', data, '-U', options.user, ...auth, '-E', 'UTF8', '--locale=C', '--lc-ctype=C.UTF-8'];
  if (!options.durable) initdb.push('--no-sync');
  const command = [...runAs.prefix, join(options.bin, 'initdb'), ...initdb];
  try {
    await run(command[0], command.slice(1));
  } catch (err) {
    const who = runAs.prefix.length ? ' (it runs as the postgres user, who must be able to reach that folder)' : '';
    throw new Error(`initdb in ${data} failed${who}: ${(err as Error).message}`);
  } finally {
    rmSync(pwfile, { force: true });
  }
}

/** The application's database, made on first start (the cluster has only `postgres` then). */
async function createDatabase(url: string, database: string) {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!exists.rowCount) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
