import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';

export interface SupervisedOptions {
  name: string;
  command: string[];
  env: Record<string, string | undefined>;
  cwd?: string;
  logFile: string;
  /** It serves once it printed a line matching this, or once `ready` says so (polled). */
  readyLine?: RegExp;
  ready?: () => Promise<boolean>;
  say?: (line: string) => void;
  /** What a restart line adds after the pid (its listeners). */
  describe?: () => string;
  stopTimeoutMs?: number;
  /** Every child spawned, so whoever started them can kill what is left if it exits in a hurry. */
  children?: Set<ChildProcess>;
  /** What runs instead until the first rolling restart (an earlier version's tree, while an upgrade is tried). */
  before?: Pick<SupervisedOptions, 'command' | 'cwd' | 'env'>;
}

export interface Supervised {
  name: string;
  pid(): number | undefined;
  starts(): number;
  /** Resolves once it serves for the first time; rejects, with the end of its output, if it exits before. */
  ready(): Promise<void>;
  waitForStarts(count: number): Promise<void>;
  /** No more restarts: SIGTERM (it drains), SIGKILL after `stopTimeoutMs`; resolves once it has exited. */
  stop(): Promise<void>;
  /** A rolling restart: SIGTERM (it drains), started again at once, from `command`; resolves once the new process serves. */
  restart(): Promise<void>;
  /** Whether it runs `before` (until its first rolling restart). */
  runsBefore(): boolean;
}

// A process that dies at once is restarted after 0.25 s, then twice as long each time, up to 30 s; one that ran 10 s
// or more is restarted at once. Docker's restart policy does about the same.
const BACKOFF_MS = { first: 250, max: 30_000, stableAfter: 10_000 };

/** Runs a process and keeps it running: when it exits it is started again, and says so, until `stop()`. */
export function startSupervised(options: SupervisedOptions): Supervised {
  const say = options.say ?? (() => undefined);
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const tail: string[] = [];
  const startListeners = new Set<() => void>();
  let child: ChildProcess | undefined;
  let starts = 0;
  let stopping = false;
  let backoffMs = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  // Set while a rolling restart waits for the process it asked to drain.
  let rolling: ChildProcess | undefined;
  let upgraded = !options.before;
  let firstReady: { resolve(): void; reject(err: Error): void };
  const ready = new Promise<void>((resolve, reject) => (firstReady = { resolve, reject }));
  ready.catch(() => undefined);

  const served = (proc: ChildProcess) => {
    if (proc !== child) return;
    starts++;
    if (starts === 1) firstReady.resolve();
    else say(`  ${options.name} restarted: pid ${proc.pid}${options.describe ? `  ${options.describe()}` : ''}`);
    for (const listener of startListeners) listener();
  };

  const launch = () => {
    const run = upgraded ? options : { ...options, ...options.before };
    const proc = spawn(run.command[0], run.command.slice(1), {
      cwd: run.cwd,
      env: run.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // A group of its own: a Ctrl-C in the terminal reaches the cluster, which stops everything in order.
      detached: true,
    });
    child = proc;
    options.children?.add(proc);
    const startedAt = Date.now();
    log.write(`--- ${new Date().toISOString()} ${options.name} started, pid ${proc.pid} ---\n`);
    let partial = '';
    let serving = false;
    const onOutput = (chunk: Buffer) => {
      log.write(chunk);
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      tail.push(...lines);
      tail.splice(0, Math.max(0, tail.length - 40));
      if (!serving && options.readyLine && lines.some((l) => options.readyLine!.test(l))) {
        serving = true;
        served(proc);
      }
    };
    proc.stdout!.on('data', onOutput);
    proc.stderr!.on('data', onOutput);
    if (options.ready) void poll(options.ready, proc).then((ok) => ok && served(proc));
    proc.once('exit', (code, signal) => {
      options.children?.delete(proc);
      child = undefined;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (stopping) return;
      if (rolling === proc) {
        rolling = undefined;
        upgraded = true;
        say(`  ${options.name} (pid ${proc.pid}) drained and exited (${how}) for a rolling restart`);
        return launch();
      }
      if (starts === 0) {
        stopping = true;
        return firstReady.reject(new Error(`${options.name} exited (${how}) before it served:\n${tail.join('\n')}`));
      }
      backoffMs = Date.now() - startedAt >= BACKOFF_MS.stableAfter ? 0 : Math.min(BACKOFF_MS.max, backoffMs * 2 || BACKOFF_MS.first);
      say(`  ${options.name} (pid ${proc.pid}) exited (${how}); restarting${backoffMs ? ` in ${backoffMs / 1000} s` : ''}`);
      restartTimer = setTimeout(launch, backoffMs);
    });
  };

  const poll = async (check: () => Promise<boolean>, proc: ChildProcess) => {
    while (proc === child && proc.exitCode === null && proc.signalCode === null) {
      if (await check()) return proc === child;
      await delay(100);
    }
    return false;
  };

  const waitForStarts = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (starts < count) return;
        startListeners.delete(check);
        resolve();
      };
      startListeners.add(check);
      check();
    });

  launch();
  return {
    name: options.name,
    pid: () => child?.pid,
    starts: () => starts,
    ready: () => ready,
    waitForStarts,
    runsBefore: () => !upgraded,
    async restart() {
      const proc = child;
      if (!proc || stopping || rolling) return;
      const served = waitForStarts(starts + 1);
      rolling = proc;
      proc.kill('SIGTERM');
      const killer = setTimeout(() => proc.kill('SIGKILL'), options.stopTimeoutMs ?? 30_000);
      proc.once('exit', () => clearTimeout(killer));
      await served;
    },
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      const proc = child;
      if (proc && proc.exitCode === null && proc.signalCode === null) {
        const exited = new Promise((resolve) => proc.once('exit', resolve));
        proc.kill('SIGTERM');
        const killer = setTimeout(() => proc.kill('SIGKILL'), options.stopTimeoutMs ?? 30_000);
        await exited;
        clearTimeout(killer);
      }
      await new Promise((resolve) => log.end(resolve));
    },
  };
}
