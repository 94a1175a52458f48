import { lstatSync, mkdtempSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { haproxyBinary } from '../platform/cluster/haproxy';
import { postgresBinaries } from './support/postgres';
import { spawnNpmScript, type ServiceProcess } from './support/processes';
import { removeDataDir, removeDir } from './support/platform';
import { rabbitBinary } from './support/rabbitmq';

const clusterTools = Boolean(rabbitBinary() && postgresBinaries() && haproxyBinary(process.env.PATH));
const SECRETS = [
  'dkim-key-secret',
  'unsubscribe-secret',
  'webhook-secret-key',
  'tracking-secret',
  'dashboard-session-secret',
  'totp-secret-key',
  'submission-tls/key.pem',
];

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Started as a user's shell would with `umask 000`: nothing but the platform itself keeps DATA_DIR private. */
function startWithOpenUmask(script: string, dataDir: string): ServiceProcess {
  const previous = process.umask(0);
  try {
    return spawnNpmScript(script, { DATA_DIR: dataDir, PORT: '0', SANDBOX_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', REPLICAS: '1' });
  } finally {
    process.umask(previous);
  }
}

// Issue #39: `./data` was created world-readable, and the cluster's PostgreSQL (run as the postgres user when we are
// root) could not reach a DATA_DIR made by `mktemp -d`.
describe('DATA_DIR from outside', () => {
  let base: string;
  let proc: ServiceProcess | null = null;
  const clusterDirs: string[] = [];
  beforeAll(() => (base = mkdtempSync(path.join(tmpdir(), 'mailplane-data-dir-'))));
  afterEach(async () => {
    await proc?.kill('SIGINT');
    proc = null;
  }, 120_000);
  afterAll(() => {
    clusterDirs.forEach(removeDataDir);
    removeDir(base);
  });

  const expectPrivate = (dataDir: string) => {
    expect({ dataDir: modeOf(dataDir), tls: modeOf(path.join(dataDir, 'submission-tls')) }).toEqual({ dataDir: 0o700, tls: 0o700 });
    expect(Object.fromEntries(SECRETS.map((name) => [name, modeOf(path.join(dataDir, name))]))).toEqual(
      Object.fromEntries(SECRETS.map((name) => [name, 0o600])),
    );
  };

  it('when npm start makes a DATA_DIR that does not exist under umask 000, then the folder is 0700 and every secret in it 0600', async () => {
    const dataDir = path.join(base, 'embedded', 'data');
    proc = startWithOpenUmask('start', dataDir);
    // A loaded machine (the suite's other files) can take a minute or more.
    await proc.waitForOutput(/Try:/, 150_000);
    expectPrivate(dataDir);
  }, 180_000);

  (clusterTools ? it : it.skip)(
    'when npm run start:cluster is given a DATA_DIR made by mktemp -d (0700), then it starts (its PostgreSQL too, also as root) and DATA_DIR, its secrets and the PostgreSQL data stay private',
    async () => {
      const dataDir = mkdtempSync(path.join(base, 'cluster-'));
      clusterDirs.push(dataDir);
      proc = startWithOpenUmask('start:cluster', dataDir);
      await proc.waitForOutput(/Try:/, 300_000);
      expectPrivate(dataDir);
      expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
      const postgres = realpathSync(path.join(dataDir, 'postgres'));
      expect(modeOf(postgres)).toBe(0o700);
      expect(readdirSync(path.join(postgres, 'data'))).toContain('PG_VERSION');
      expect(modeOf(path.join(dataDir, 'rabbitmq', 'home', '.erlang.cookie'))).toBe(0o600);
    },
    360_000,
  );
});
