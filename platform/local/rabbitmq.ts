import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { connect } from 'amqplib';
import { freePort } from './ports';
import { spawnNode, type NodeProcess } from './rabbitmq-process';

// The Debian wrappers in /usr/sbin `su` to the rabbitmq user, who cannot read our folders or cookie;
// the scripts they wrap run fine as whoever starts them.
const SCRIPT_DIRS = ['/usr/lib/rabbitmq/bin', '/usr/sbin'];

/** `rabbitmq-server` in `scriptsDir` (another distro, Homebrew) or in the Debian locations; undefined when absent. */
export function rabbitBinary(scriptsDir?: string): string | undefined {
  const dir = (scriptsDir ? [scriptsDir] : SCRIPT_DIRS).find((d) => existsSync(join(d, 'rabbitmq-server')));
  return dir && join(dir, 'rabbitmq-server');
}

export interface LocalRabbit {
  /** With the credentials: never print it. */
  url: string;
  port: number;
  nodeName: string;
  /** What rabbitmqctl needs to reach the node: its HOME (the cookie) and epmd port. */
  home: string;
  epmdPort: number;
  distPort: number;
  ctl: string;
  /** The node's process group (epmd, the node, a watchdog that stops both if this process dies). */
  pid: number;
  stop(): Promise<void>;
}

export interface LocalRabbitOptions {
  /** Where its data, logs and cookie live; kept, so a node started again on it keeps its durable queues. */
  dir: string;
  /** The data is per node name: the same name finds the same data again. */
  nodeName: string;
  server: string;
  /** The environment the node's scripts run in (PATH, locale); ours replaces what it says of RabbitMQ. */
  env: Record<string, string | undefined>;
  /** The user made on the node's first start (otherwise guest, which RabbitMQ admits only over loopback). */
  user?: { name: string; password: string };
  startTimeoutMs?: number;
}

/** Resolves once AMQP accepts connections. Nothing of the node outlives this process: its group has a watchdog. */
export async function startLocalRabbit(options: LocalRabbitOptions): Promise<LocalRabbit> {
  const [amqpPort, distPort, epmdPort] = [await freePort(), await freePort(), await freePort()];
  const env = nodeEnv(options, { amqpPort, distPort, epmdPort });
  const node = spawnNode(options.server, env, options.dir, join(options.dir, 'log', 'startup.log'));
  const user = options.user ?? { name: 'guest', password: 'guest' };
  const url = `amqp://${encodeURIComponent(user.name)}:${encodeURIComponent(user.password)}@127.0.0.1:${amqpPort}`;
  try {
    await waitForAmqp(url, options.startTimeoutMs ?? 120_000, node);
  } catch (err) {
    await node.stop(2000);
    throw new Error(`${(err as Error).message}\n--- tail of ${options.nodeName} log ---\n${logTail(join(options.dir, 'log'))}`);
  }
  return {
    url,
    port: amqpPort,
    nodeName: options.nodeName,
    home: env.HOME as string,
    epmdPort,
    distPort,
    ctl: join(options.server, '..', 'rabbitmqctl'),
    pid: node.pid,
    stop: () => node.stop(),
  };
}

function nodeEnv(options: LocalRabbitOptions, p: { amqpPort: number; distPort: number; epmdPort: number }): NodeJS.ProcessEnv {
  const { dir } = options;
  const home = join(dir, 'home');
  mkdirSync(home, { recursive: true });
  mkdirSync(join(dir, 'log'), { recursive: true });
  writeCookie(join(home, '.erlang.cookie'));
  writeFileSync(join(dir, 'enabled_plugins'), '[].\n');
  const user = options.user ? `default_user = ${options.user.name}\ndefault_pass = ${options.user.password}\n` : '';
  // A small disk must not trip the default 50 MB free-disk alarm, which blocks publishers.
  writeFileSync(join(dir, 'rabbitmq.conf'), `disk_free_limit.absolute = 1MB\nlog.console = false\nlog.file.level = info\n${user}`, {
    mode: 0o600,
  });
  return {
    ...options.env,
    HOME: home,
    ERL_EPMD_PORT: String(p.epmdPort),
    // Whoever reaches epmd and the distribution port with the cookie runs code in the node: this machine only.
    ERL_EPMD_ADDRESS: '127.0.0.1',
    RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS: '-kernel inet_dist_use_interface {127,0,0,1}',
    RABBITMQ_NODENAME: options.nodeName,
    RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
    RABBITMQ_NODE_PORT: String(p.amqpPort),
    RABBITMQ_DIST_PORT: String(p.distPort),
    RABBITMQ_MNESIA_BASE: join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: join(dir, 'log'),
    RABBITMQ_CONFIG_FILE: join(dir, 'rabbitmq.conf'),
    RABBITMQ_ENABLED_PLUGINS_FILE: join(dir, 'enabled_plugins'),
    RABBITMQ_CONF_ENV_FILE: join(dir, 'rabbitmq-env.conf'),
    RABBITMQ_PID_FILE: join(dir, 'rabbit.pid'),
  };
}

/** The cookie admits anyone's Erlang shell: random, its owner's only. The guessable `MAILPLANE<pid><time>` one is replaced. */
function writeCookie(file: string) {
  if (existsSync(file) && !/^MAILPLANE\d+$/.test(readFileSync(file, 'utf8').trim())) return;
  rmSync(file, { force: true });
  writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
}

/** Resolves once `url` takes an AMQP connection; fails after `timeoutMs`, or at once when `node` exited. */
export async function waitForAmqp(url: string, timeoutMs: number, node?: NodeProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (node?.exited()) throw new Error('rabbitmq-server exited before accepting connections');
    try {
      const connection = await connect(url);
      await connection.close();
      return;
    } catch (err) {
      lastError = err;
      await delay(250);
    }
  }
  const where = new URL(url);
  throw new Error(`RabbitMQ did not accept AMQP connections on ${where.host} within ${timeoutMs} ms: ${String(lastError)}`);
}

function logTail(dir: string): string {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.log'))
      .map((f) => readFileSync(join(dir, f), 'utf8').split('\n').slice(-40).join('\n'))
      .join('\n');
  } catch {
    return '(no log)';
  }
}
