import { readFileSync } from 'node:fs';
import type { ResourceLimits, Worker } from 'node:worker_threads';
import type { PostedJob, ThreadReply } from './serve-jobs';
import { startThread } from './start-thread';

/** Past its budget (`time`), or its thread ended under it (`exit`: out of memory or crashed); the thread is replaced either way. */
export class OverBudgetError extends Error {
  constructor(readonly reason: 'time' | 'exit') {
    super(reason === 'time' ? 'the job ran past its budget' : 'the thread ended before the job finished');
  }
}

export class PoolBusyError extends Error {
  constructor(name: string) {
    super(`every ${name} thread is busy and the queue is full`);
  }
}

export interface BudgetedPoolOptions {
  name: string;
  /** The thread's module, without its extension; it calls `serveJobs`. */
  module: string;
  threads: number;
  queueLimit?: number;
  /**
   * `cpu`: the thread's CPU time where /proc tells it (cores busy elsewhere do not refuse a job), its wait bounded by
   * `wallLimit`; elsewhere, and with `wall`, wall-clock time from when the job is posted.
   */
  budget: { kind: 'cpu'; wallLimit(budgetMs: number): number } | { kind: 'wall' };
  workerData?: unknown;
  resourceLimits?: ResourceLimits;
  dropOutput?: boolean;
  startAtOnce?: boolean;
  /** Where the threads' modules are compiled when the service runs from source (`startThread`). */
  compiledTree?: string | null;
  onThreadError(err: Error): void;
}

export interface BudgetedPool<Job, Result> {
  run(job: Job, budgetMs: number): Promise<Result>;
  close(): Promise<void>;
}

const RESTART_AFTER_MS = 1000;
const CPU_CHECK_MS = 100;
const TICK_MS = 10;

function threadCpuMs(tid: number): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

type Pending<Job, Result> = { job: Job; budgetMs: number; resolve(value: Result): void; reject(err: Error): void };
type Slot<Job, Result> = {
  worker: Worker;
  tid: number | null;
  ready: boolean;
  running: (Pending<Job, Result> & { id: number; timers: NodeJS.Timeout[] }) | null;
};

/** One job per thread; a job past its budget cannot be interrupted otherwise, so its thread is terminated and replaced. */
export function createBudgetedPool<Job, Result>(options: BudgetedPoolOptions): BudgetedPool<Job, Result> {
  const { name, threads, queueLimit = Infinity, budget } = options;
  const queue: Pending<Job, Result>[] = [];
  const slots: (Slot<Job, Result> | null)[] = Array.from({ length: threads }, () => null);
  let started = false;
  let closing = false;
  let nextId = 0;

  const finish = (slot: Slot<Job, Result>) => {
    const running = slot.running;
    for (const timer of running?.timers ?? []) clearTimeout(timer);
    slot.running = null;
    return running;
  };

  const overBudget = (slot: Slot<Job, Result>) => {
    slot.ready = false;
    finish(slot)?.reject(new OverBudgetError('time'));
    void slot.worker.terminate();
  };

  const budgetTimers = (slot: Slot<Job, Result>, budgetMs: number): NodeJS.Timeout[] => {
    const cpuAtStart = budget.kind === 'cpu' && slot.tid !== null ? threadCpuMs(slot.tid) : null;
    if (budget.kind === 'wall' || slot.tid === null || cpuAtStart === null) return [setTimeout(() => overBudget(slot), budgetMs)];
    const tid = slot.tid;
    const wall = setTimeout(() => overBudget(slot), budget.wallLimit(budgetMs));
    const cpu = setInterval(() => {
      if ((threadCpuMs(tid) ?? Infinity) - cpuAtStart > budgetMs) overBudget(slot);
    }, CPU_CHECK_MS);
    return [wall, cpu];
  };

  const pump = () => {
    for (const slot of slots) {
      if (!slot?.ready || slot.running || queue.length === 0) continue;
      const next = queue.shift() as Pending<Job, Result>;
      const id = nextId++;
      slot.running = { ...next, id, timers: budgetTimers(slot, next.budgetMs) };
      slot.worker.postMessage({ id, job: next.job } satisfies PostedJob<Job>);
    }
  };

  const spawn = (index: number) => {
    const { module, workerData, resourceLimits, dropOutput = false, compiledTree = null } = options;
    const worker = startThread(module, compiledTree, { workerData, resourceLimits, stdout: dropOutput, stderr: dropOutput });
    if (dropOutput) {
      worker.stdout.resume();
      worker.stderr.resume();
    }
    const slot: Slot<Job, Result> = { worker, tid: null, ready: false, running: null };
    const bornAt = Date.now();
    let loaded = false;
    slots[index] = slot;
    worker.on('message', (reply: ThreadReply) => {
      if ('ready' in reply) {
        loaded = true;
        Object.assign(slot, { ready: true, tid: reply.tid });
      } else if (slot.running?.id === reply.id) {
        const running = finish(slot) as Pending<Job, Result>;
        if (reply.error === undefined) running.resolve(reply.result as Result);
        else running.reject(new Error(reply.error));
      }
      pump();
    });
    worker.on('error', options.onThreadError);
    worker.on('exit', () => {
      finish(slot)?.reject(new OverBudgetError('exit'));
      slots[index] = null;
      if (closing) return;
      const restart = () => void (closing || (spawn(index), pump()));
      if (!loaded || Date.now() - bornAt < RESTART_AFTER_MS) setTimeout(restart, RESTART_AFTER_MS).unref();
      else restart();
    });
  };

  const start = () => {
    started = true;
    slots.forEach((_, index) => spawn(index));
  };
  if (options.startAtOnce) start();

  return {
    run: (job, budgetMs) =>
      new Promise<Result>((resolve, reject) => {
        if (closing) return reject(new Error(`the ${name} pool is closed`));
        if (queue.length >= queueLimit) return reject(new PoolBusyError(name));
        if (!started) start();
        queue.push({ job, budgetMs: Math.max(1, budgetMs), resolve, reject });
        pump();
      }),
    async close() {
      closing = true;
      for (const pending of queue.splice(0)) pending.reject(new Error(`the ${name} pool is closed`));
      await Promise.all(
        slots.map(async (slot) => {
          if (!slot) return;
          const exited = new Promise((resolve) => slot.worker.once('exit', resolve));
          await slot.worker.terminate();
          await exited;
        }),
      );
    },
  };
}
