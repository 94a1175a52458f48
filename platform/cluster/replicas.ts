import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../local/ports';
import { processLine } from './backing';
import { LISTENERS, ROLES, type Role } from './roles';
import type { BalancedServers } from './haproxy';
import { startSupervised, type Supervised } from './supervised';
import { nodeCommand } from '../node-command';
import { NODE_FLAGS } from '../node-flags';

const ROOT = path.resolve(__dirname, '../..');
/** Where `npm run build` (scripts/build.mjs) puts a tree's JavaScript. */
const COMPILED = '.build';
/** A built tree's service entry point: what CLUSTER_START_FROM must hold. */
export const builtService = (tree: string) => path.join(tree, COMPILED, 'bin/service.js');

export interface Replica extends Supervised {
  role: Role;
  /** 1, 2, …: the same across its restarts, as are its ports. */
  index: number;
  ports: Record<string, number>;
  line(): string;
}

export type ReplicaPlan = Pick<Replica, 'role' | 'index' | 'ports'>;

/** Ports chosen now and kept across restarts, so the balancer's server line for a replica stays right when it comes back. */
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

/** For each server-template address, one entry per replica it balances (as `clusterHaproxyConfig` takes them). */
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

/** Each replica has a DATA_DIR of its own. */
export function startReplica(
  plan: ReplicaPlan,
  options: {
    env: Record<string, string | undefined>;
    dataDir: string;
    say(line: string): void;
    stopTimeoutMs: number;
    children: Set<ChildProcess>;
    /** A built tree of an earlier version (`CLUSTER_START_FROM`) that the replica runs until its first rolling restart. */
    startFrom?: string;
  },
): Replica {
  const name = `${plan.role}-${plan.index}`;
  const listeners = () => LISTENERS[plan.role].map((l) => `${l.label} ${l.scheme}://127.0.0.1:${plan.ports[l.variable]}`).join('  ');
  const env = {
    ...options.env,
    DATA_DIR: path.join(options.dataDir, 'replicas', name),
    ...Object.fromEntries(Object.entries(plan.ports).map(([variable, port]) => [variable, String(port)])),
  };
  const earlier = options.startFrom && path.join(options.startFrom, COMPILED);
  const supervised = startSupervised({
    name: `${plan.role} ${plan.index}`,
    command: nodeCommand('bin/service', [plan.role], [], options.env.MAILPLANE_COMPILED),
    cwd: ROOT,
    env,
    before: earlier
      ? {
          command: [process.execPath, ...NODE_FLAGS, builtService(options.startFrom as string), plan.role],
          cwd: options.startFrom,
          env: { ...env, MAILPLANE_COMPILED: earlier },
        }
      : undefined,
    logFile: path.join(options.dataDir, 'logs', `${name}.log`),
    readyLine: new RegExp(`^${plan.role} started`),
    say: options.say,
    describe: listeners,
    stopTimeoutMs: options.stopTimeoutMs,
    children: options.children,
  });
  const from = () => (supervised.runsBefore() ? `  (from ${options.startFrom})` : '');
  return { ...supervised, ...plan, line: () => processLine(`${plan.role} ${plan.index}`, supervised.pid(), `${listeners()}${from()}`) };
}
