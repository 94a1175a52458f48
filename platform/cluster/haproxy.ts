import { execFile, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { startSupervised, type Supervised } from './supervised';

const run = promisify(execFile);

/** The configuration compose mounts; the cluster runs the same file with its servers spelled out. */
export const HAPROXY_CFG = path.resolve(__dirname, '../../ops/haproxy/haproxy.cfg');

const TEMPLATE = /^(\s*)server-template\s+(\S+)\s+\d+\s+(([^\s:]+):\d+)(.*)$/;

/** For each server-template address (`gateway:3000`), per replica: its ports by the addresses compose gives them. */
export type BalancedServers = Record<string, Array<Record<string, number>>>;

/** Each `server-template` becomes one loopback `server` line per replica; a listener added to one side only is an error. */
export function clusterHaproxyConfig(source: string, servers: BalancedServers): string {
  const used = new Set<string>();
  const lines = source.split('\n').flatMap((line) => {
    const template = TEMPLATE.exec(line);
    if (!template) return [line];
    const [, indent, name, address, service, options] = template;
    const replicas = servers[address];
    if (!replicas) throw new Error(`${HAPROXY_CFG} balances over "${address}", which the cluster does not run`);
    used.add(address);
    return replicas.map((ports, i) => {
      const checks = options.replace(/\bport (\d+)/g, (_, port: string) => {
        const checked = ports[`${service}:${port}`];
        if (!checked) throw new Error(`${HAPROXY_CFG} checks "${service}:${port}", which the cluster does not run`);
        return `port ${checked}`;
      });
      return `${indent}server ${name}${i + 1} 127.0.0.1:${ports[address]}${checks}`;
    });
  });
  const unbalanced = Object.keys(servers).filter((address) => !used.has(address));
  if (unbalanced.length) throw new Error(`${HAPROXY_CFG} has no server-template for ${unbalanced.join(', ')}`);
  return lines.join('\n');
}

/** `haproxy` on the PATH or in the sbin folders a non-root PATH often lacks; undefined when not installed. */
export function haproxyBinary(pathVariable = ''): string | undefined {
  const dirs = [...pathVariable.split(':').filter(Boolean), '/usr/sbin', '/usr/local/sbin', '/opt/homebrew/sbin'];
  return dirs.map((dir) => path.join(dir, 'haproxy')).find((file) => existsSync(file));
}

/** `binds` fills the file's `*_BIND` variables. Ready once its monitor answers: HAProxy then checks every server. */
export async function startHaproxy(options: {
  binary: string;
  configFile: string;
  servers: BalancedServers;
  binds: Record<string, string>;
  monitorUrl: string;
  logFile: string;
  env: Record<string, string | undefined>;
  say(line: string): void;
  children: Set<ChildProcess>;
}): Promise<Supervised> {
  writeFileSync(options.configFile, clusterHaproxyConfig(readFileSync(HAPROXY_CFG, 'utf8'), options.servers));
  const maxconn = await connectionLimit();
  const haproxy = startSupervised({
    name: 'haproxy',
    command: [options.binary, '-db', '-n', String(maxconn), '-f', options.configFile],
    env: { PATH: options.env.PATH, ...options.binds },
    logFile: options.logFile,
    say: options.say,
    children: options.children,
    ready: () =>
      fetch(options.monitorUrl).then(
        (res) => res.ok,
        () => false,
      ),
  });
  await haproxy.ready();
  return haproxy;
}

/** The file asks for 20,000 connections, which takes twice as many descriptors; a workstation may allow fewer. */
async function connectionLimit(): Promise<number> {
  const hard = Number((await run('sh', ['-c', 'ulimit -Hn'])).stdout.trim());
  return Number.isFinite(hard) ? Math.max(256, Math.min(20_000, Math.floor((hard - 200) / 2))) : 20_000;
}
