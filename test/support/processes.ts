import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { nodeCommand } from '../../platform/node-command';

const ROOT = path.resolve(__dirname, '../..');

export interface ServiceProcess {
  name: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves once the process printed a line matching `pattern`. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `bin/service.ts <name>` as its own OS process, like a container would. Node loads tsx as a hook
 * in the same process (the `tsx` CLI would fork a child), so a kill reaches the service itself.
 */
export function spawnService(name: string, env: Record<string, string>, nodeArgs: string[] = []): ServiceProcess {
  return spawnBin(name, ['bin/service.ts', name], env, nodeArgs);
}

/** Starts the embedded default (`bin/embedded.ts`, what `npm start` runs) as its own OS process. */
export function spawnEmbedded(env: Record<string, string>, nodeArgs: string[] = []): ServiceProcess {
  return spawnBin('embedded', ['bin/embedded.ts'], env, nodeArgs);
}

/**
 * Starts any script of the repository (`script` relative to its root) as its own OS process, compiled or through tsx
 * (`nodeCommand`), with the platform's `NODE_FLAGS` and `nodeArgs` (e.g. `--cpu-prof`, which NODE_OPTIONS does not take).
 */
export function spawnBin(name: string, [script, ...args]: string[], env: Record<string, string>, nodeArgs: string[] = []): ServiceProcess {
  const [node, ...argv] = nodeCommand(script.replace(/\.ts$/, ''), args, nodeArgs, process.env.MAILPLANE_COMPILED);
  const child = spawn(node, argv, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return watched(name, child, (signal) => child.kill(signal));
}

/**
 * `npm run <script>` as a user types it, in a process group of its own as a terminal's job: `kill` sends the signal
 * to the whole group, as Ctrl-C does (npm, and whatever it runs, each get it).
 */
export function spawnNpmScript(script: string, env: Record<string, string>): ServiceProcess {
  const child = spawn('npm', ['run', '--silent', script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  return watched(script, child, (signal) => process.kill(-child.pid!, signal));
}

function watched(name: string, child: ChildProcess, signal: (signal: NodeJS.Signals) => void): ServiceProcess {
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    child,
    output: () => out,
    waitForOutput(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = out.match(pattern);
          if (m) {
            cleanup();
            resolve(m);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`${name}: no output matching ${pattern} within ${timeoutMs} ms; got:\n${out}`));
        }, timeoutMs);
        const onExit = () => {
          cleanup();
          reject(new Error(`${name} exited (${child.exitCode}) before printing ${pattern}:\n${out}`));
        };
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
          child.off('exit', onExit);
        };
        listeners.add(check);
        child.once('exit', onExit);
        check();
      });
    },
    async kill(sig = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) signal(sig);
      await exited;
    },
  };
}

/** The line of the embedded default's first-start banner that carries the new sandbox API key. */
export const BANNER_API_KEY = /^\s+export MAILPLANE_API_KEY=(\S+)$/m;

/** The embedded default started in its own OS process on free ports, once it says where it runs. */
export async function startEmbeddedProcess(env: Record<string, string>): Promise<{ proc: ServiceProcess; url: string }> {
  const proc = spawnEmbedded({ PORT: '0', SANDBOX_PORT: '0', HOST: '127.0.0.1', ...env });
  return { proc, url: (await proc.waitForOutput(/running at (http:\/\/\S+)/, 60_000))[1] };
}
