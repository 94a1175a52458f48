import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { connect } from 'amqplib';
import { spawnNode, type NodeProcess } from './rabbitmq-process';

const run = promisify(execFile);

// The Debian wrappers in /usr/sbin `su` to the rabbitmq user, who cannot read our temp dir or cookie;
// the scripts they wrap run fine as root.
const SCRIPT_DIRS = ['/usr/lib/rabbitmq/bin', '/usr/sbin'];

/** Restart controls for a running node; test files rebuild it from the environment with `rabbitFromEnv()`. */
export interface RabbitControl {
  url: string;
  nodeName: string;
  /** Closes every connection and stops the broker app, keeping the VM (and durable data) alive. */
  stopApp(): Promise<void>;
  /** Starts the app again and resolves once AMQP accepts connections. */
  startApp(): Promise<void>;
}

export interface PrivateRabbit extends RabbitControl {
  /** What a test process needs to find this node again (`AMQP_URL`, `TEST_RABBIT_*`). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** `RABBITMQ_SCRIPTS_DIR` points elsewhere (another distro, Homebrew); otherwise the Debian locations. */
export function rabbitBinary(): string | undefined {
  const candidates = process.env.RABBITMQ_SCRIPTS_DIR ? [process.env.RABBITMQ_SCRIPTS_DIR] : SCRIPT_DIRS;
  const dir = candidates.find((d) => existsSync(join(d, 'rabbitmq-server')));
  return dir && join(dir, 'rabbitmq-server');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts a throwaway RabbitMQ node (own epmd, cookie, data and logs in a temp dir); resolves once AMQP accepts connections. */
export async function startPrivateRabbit(options: { startTimeoutMs?: number } = {}): Promise<PrivateRabbit> {
  const server = rabbitBinary();
  if (!server) throw new Error('rabbitmq-server not found in ' + SCRIPT_DIRS.join(', '));
  const ctl = join(server, '..', 'rabbitmqctl');
  const base = mkdtempSync(join(tmpdir(), 'mptest-rabbit-'));
  const [amqpPort, distPort, epmdPort] = [await freePort(), await freePort(), await freePort()];
  const nodeName = `mptest${process.pid}x${amqpPort}@localhost`;
  const env = privateEnv(base, { nodeName, amqpPort, distPort, epmdPort });

  // Our own epmd on a private port (see rabbitmq-process.ts): no clash with a system epmd, nothing left behind.
  const node = spawnNode(server, env, base, join(base, 'log', 'startup.log'));

  const url = `amqp://guest:guest@127.0.0.1:${amqpPort}`;
  try {
    await waitForAmqp(url, options.startTimeoutMs ?? 60_000, node);
  } catch (err) {
    const message = `${(err as Error).message}\n--- tail of ${nodeName} log ---\n${logTail(join(base, 'log'))}`;
    await node.stop(2000);
    rmSync(base, { recursive: true, force: true });
    throw new Error(message);
  }

  const exported = {
    AMQP_URL: url,
    TEST_RABBIT_NODE: nodeName,
    TEST_RABBIT_HOME: env.HOME as string,
    TEST_RABBIT_EPMD_PORT: String(epmdPort),
    TEST_RABBIT_CTL: ctl,
  };
  return {
    ...rabbitFromEnv(exported)!,
    env: exported,
    stop: async () => {
      await node.stop();
      rmSync(base, { recursive: true, force: true });
    },
  };
}

/** Controls of the node that global setup started, or undefined when the broker is not ours to restart. */
export function rabbitFromEnv(source: NodeJS.ProcessEnv = process.env): RabbitControl | undefined {
  const {
    AMQP_URL: url,
    TEST_RABBIT_NODE: nodeName,
    TEST_RABBIT_HOME: home,
    TEST_RABBIT_EPMD_PORT: epmdPort,
    TEST_RABBIT_CTL: ctl,
  } = source;
  if (!url || !nodeName || !home || !epmdPort || !ctl) return undefined;
  const env = { ...process.env, HOME: home, ERL_EPMD_PORT: epmdPort };
  const rabbitmqctl = async (command: string) => {
    await run(ctl, ['-n', nodeName, command], { env, timeout: 60_000 });
  };
  return {
    url,
    nodeName,
    stopApp: () => rabbitmqctl('stop_app'),
    startApp: async () => {
      await rabbitmqctl('start_app');
      await waitForAmqp(url, 30_000);
    },
  };
}

function privateEnv(base: string, p: { nodeName: string; amqpPort: number; distPort: number; epmdPort: number }): NodeJS.ProcessEnv {
  const home = join(base, 'home');
  mkdirSync(home);
  mkdirSync(join(base, 'log'));
  // Erlang insists the cookie is private to its owner; server and rabbitmqctl both find it through HOME.
  writeFileSync(join(home, '.erlang.cookie'), `MPTEST${process.pid}${Date.now()}`, { mode: 0o400 });
  writeFileSync(join(base, 'enabled_plugins'), '[].\n');
  // A tiny CI disk must not trip the default 50 MB free-disk alarm, which blocks publishers.
  writeFileSync(join(base, 'rabbitmq.conf'), 'disk_free_limit.absolute = 1MB\nlog.console = false\nlog.file.level = info\n');
  return {
    ...process.env,
    HOME: home,
    ERL_EPMD_PORT: String(p.epmdPort),
    RABBITMQ_NODENAME: p.nodeName,
    RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
    RABBITMQ_NODE_PORT: String(p.amqpPort),
    RABBITMQ_DIST_PORT: String(p.distPort),
    RABBITMQ_MNESIA_BASE: join(base, 'mnesia'),
    RABBITMQ_LOG_BASE: join(base, 'log'),
    RABBITMQ_CONFIG_FILE: join(base, 'rabbitmq.conf'),
    RABBITMQ_ENABLED_PLUGINS_FILE: join(base, 'enabled_plugins'),
    RABBITMQ_CONF_ENV_FILE: join(base, 'rabbitmq-env.conf'),
    RABBITMQ_PID_FILE: join(base, 'rabbit.pid'),
  };
}

async function waitForAmqp(url: string, timeoutMs: number, node?: NodeProcess): Promise<void> {
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
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`RabbitMQ did not accept AMQP connections on ${url} within ${timeoutMs} ms: ${String(lastError)}`);
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
