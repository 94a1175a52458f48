import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../platform/local/ports';
import { rabbitBinary as localRabbitBinary, startLocalRabbit, waitForAmqp } from '../../platform/local/rabbitmq';

export { freePort };

const run = promisify(execFile);

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
export const rabbitBinary = () => localRabbitBinary(process.env.RABBITMQ_SCRIPTS_DIR);

/** Starts a throwaway RabbitMQ node (own epmd, cookie, data and logs in a temp dir); resolves once AMQP accepts connections. */
export async function startPrivateRabbit(options: { startTimeoutMs?: number } = {}): Promise<PrivateRabbit> {
  const server = rabbitBinary();
  if (!server) throw new Error('rabbitmq-server not found (set RABBITMQ_SCRIPTS_DIR)');
  const base = mkdtempSync(join(tmpdir(), 'mptest-rabbit-'));
  const nodeName = `mptest${process.pid}x${Math.random().toString(36).slice(2, 8)}@localhost`;
  try {
    const node = await startLocalRabbit({
      dir: base,
      nodeName,
      server,
      env: process.env,
      startTimeoutMs: options.startTimeoutMs ?? 60_000,
    });
    const exported = {
      AMQP_URL: node.url,
      TEST_RABBIT_NODE: nodeName,
      TEST_RABBIT_HOME: node.home,
      TEST_RABBIT_EPMD_PORT: String(node.epmdPort),
      TEST_RABBIT_CTL: node.ctl,
    };
    return {
      ...rabbitFromEnv(exported)!,
      env: exported,
      stop: async () => {
        await node.stop();
        rmSync(base, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(base, { recursive: true, force: true });
    throw err;
  }
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
