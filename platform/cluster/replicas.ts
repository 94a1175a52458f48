import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../local/ports';
import { processLine } from './backing';
import { LISTENERS, ROLES, type Role } from './roles';
import type { BalancedServers } from './haproxy';
import { startSupervised, type Supervised } from './supervised';
import { NODE_FLAGS } from '../node-flags';

const ROOT = path.resolve(__dirname, '../..');

export interface Replica extends Supervised {
  role: Role;
  /** 1, 2, …: its place among its role's replicas, the same across its restarts. */
  index: number;
  /** Its listeners' ports by variable (PORT, OPS_PORT, BOUNCE_PORT): the same across its restarts. */
  ports: Record<string, number>;
  /** Its process line: pid and listeners. */
  line(): string;
}

export type ReplicaPlan = Pick<Replica, 'role' | 'index' | 'ports'>;

/**
 * Every replica with a port of its own for each of its listeners, chosen now and kept across its restarts, so the
 * load balancer's server line for it stays right when it comes back.
 */
export async function planReplicas(counts: Record<Role, number>): Promise<ReplicaPlan[]> {
  const plans: ReplicaPlan[] = [];
  for (const role of ROLES)
    for (let index = 1; index <= counts[role]; index++) {
      const ports: Record<string, number> = {};
      for (const listener of LISTENERS[role]) ports[listener.variable] = await freePort();
      plans.push({ role, index, ports });
    }
  return plans;
}

/**
 * For each server-template address, one entry per replica it balances: where that replica's balanced listeners
 * are, by address (as `clusterHaproxyConfig` takes them).
 */
export function balancedServers(plans: ReplicaPlan[]): BalancedServers {
  const servers: BalancedServers = {};
  for (const plan of plans) {
    const addresses: Record<string, number> = {};
    for (const listener of LISTENERS[plan.role])
      for (const address of [...(listener.balancedAs ?? []), ...(listener.checkedAs ?? [])])
        addresses[address] = plan.ports[listener.variable];
    for (const address of LISTENERS[plan.role].flatMap((l) => l.balancedAs ?? [])) (servers[address] ??= []).push(addresses);
  }
  return servers;
}

/**
 * `bin/service.ts <role>` as a process of its own (tsx loaded into node itself, so signals reach the service), with
 * the cluster's environment, its ports, and a DATA_DIR of its own (nothing of one replica is on another's disk).
 * Kept running: restarted when it exits, until `stop()`.
 */
export function startReplica(
  plan: ReplicaPlan,
  options: {
    env: Record<string, string | undefined>;
    dataDir: string;
    say(line: string): void;
    stopTimeoutMs: number;
    children: Set<ChildProcess>;
  },
): Replica {
  const name = `${plan.role}-${plan.index}`;
  const listeners = () => LISTENERS[plan.role].map((l) => `${l.label} ${l.scheme}://127.0.0.1:${plan.ports[l.variable]}`).join('  ');
  const supervised = startSupervised({
    name: `${plan.role} ${plan.index}`,
    command: [process.execPath, ...NODE_FLAGS, '--import', 'tsx', path.join(ROOT, 'bin/service.ts'), plan.role],
    cwd: ROOT,
    env: {
      ...options.env,
      DATA_DIR: path.join(options.dataDir, 'replicas', name),
      ...Object.fromEntries(Object.entries(plan.ports).map(([variable, port]) => [variable, String(port)])),
    },
    logFile: path.join(options.dataDir, 'logs', `${name}.log`),
    readyLine: new RegExp(`^${plan.role} started`),
    say: options.say,
    describe: listeners,
    stopTimeoutMs: options.stopTimeoutMs,
    children: options.children,
  });
  return { ...supervised, ...plan, line: () => processLine(`${plan.role} ${plan.index}`, supervised.pid(), listeners()) };
}
