import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EmailReceived } from '@mailplane/contracts';
import type { Logger } from '@mailplane/runtime';
import type { SenderFacts } from '../domain/inbound/authenticate';
import type { ParsedInbound } from '../domain/inbound/parse';
import type { IncomingReport } from '../domain/reports/parse-report';
import type { AnalysisWork, ThreadData } from './analysis-thread';

type Authentication = EmailReceived['authentication'];

/** The job ran past its time (or its thread's memory): its thread was stopped and replaced. */
export class OverBudgetError extends Error {
  constructor() {
    super('the message took longer to read than its budget');
  }
}

/** As many jobs wait as the pool takes: try again later. */
export class AnalysisBusyError extends Error {
  constructor() {
    super('every inbound analysis thread is busy and the queue is full');
  }
}

export interface AnalysisPoolOptions extends ThreadData {
  threads: number;
  /** Jobs waiting for a thread, beyond those running (AnalysisBusyError beyond). */
  queueLimit: number;
}

/** Reading and checking messages from strangers, on threads of their own, each job bounded in time. */
export interface InboundAnalyzer {
  parse(raw: Buffer, budgetMs: number, options?: { digest?: boolean }): Promise<{ parsed: ParsedInbound; sha256: string | null }>;
  authenticate(raw: Buffer, sender: SenderFacts, budgetMs: number): Promise<Authentication>;
  /** The delivery reports and complaints a message on the bounce domain carries. */
  readReport(raw: Buffer, budgetMs: number): Promise<IncomingReport[]>;
  close(): Promise<void>;
}

// The worker is TypeScript when the service runs from source (tsx, jest); it registers tsx in its own thread.
const WORKER_FILE = path.join(__dirname, `analysis-thread${path.extname(__filename)}`);
const BOOT = `${WORKER_FILE.endsWith('.ts') ? "require('tsx/cjs');" : ''} require(${JSON.stringify(WORKER_FILE)});`;
const RESTART_AFTER_MS = 1000;
const MEMORY_MB = 512;
const CPU_CHECK_MS = 100;
const TICK_MS = 10;

/**
 * A thread's CPU time so far (user and system, in ms), from Linux's /proc: the budget is the thread's own work, so a
 * message is not refused because the cores were busy with something else. Null off Linux, or once the thread is gone.
 */
function threadCpuMs(tid: number): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/** Waiting (DNS answers, the cores) counts too, at most this much longer than the budget itself. */
const wallLimitOf = (budgetMs: number) => Math.max(budgetMs * 4, budgetMs + 10_000);

type Pending = { job: AnalysisWork; budgetMs: number; resolve(value: unknown): void; reject(err: Error): void };
type Slot = {
  worker: Worker;
  /** Linux's id of the thread once it said it is ready (null: no /proc, the budget is wall-clock time). */
  tid: number | null;
  ready: boolean;
  running: (Pending & { id: number; timers: NodeJS.Timeout[] }) | null;
};

/** A buffer the structured clone may carry; mailparser's attachments come back as Uint8Array. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * `threads` worker threads (started on the first job) and a queue of at most `queueLimit` jobs. A job runs alone on its
 * thread, within `budgetMs` of that thread's CPU time (and a bounded wait besides); one past it cannot be interrupted
 * otherwise, so its thread is terminated (the job fails with OverBudgetError) and replaced. The threads' stdout is read and dropped: mailauth prints debugging lines.
 */
export function createAnalysisPool(options: AnalysisPoolOptions, logger: Logger): InboundAnalyzer {
  const { threads, queueLimit, ...data } = options;
  const queue: Pending[] = [];
  const slots: (Slot | null)[] = Array.from({ length: threads }, () => null);
  let started = false;
  let closing = false;
  let nextId = 0;

  const finish = (slot: Slot) => {
    const running = slot.running;
    for (const timer of running?.timers ?? []) clearTimeout(timer);
    slot.running = null;
    return running;
  };

  const overBudget = (slot: Slot) => {
    finish(slot)?.reject(new OverBudgetError());
    void slot.worker.terminate();
  };

  /** The budget in the thread's CPU time where /proc tells it, else in wall-clock time; waiting is bounded apart. */
  const budgetTimers = (slot: Slot, budgetMs: number): NodeJS.Timeout[] => {
    const cpuAtStart = slot.tid === null ? null : threadCpuMs(slot.tid);
    if (slot.tid === null || cpuAtStart === null) return [setTimeout(() => overBudget(slot), budgetMs)];
    const tid = slot.tid;
    const wall = setTimeout(() => overBudget(slot), wallLimitOf(budgetMs));
    const cpu = setInterval(() => {
      const used = (threadCpuMs(tid) ?? Infinity) - cpuAtStart;
      if (used > budgetMs) overBudget(slot);
    }, CPU_CHECK_MS);
    return [wall, cpu];
  };

  const pump = () => {
    for (const slot of slots) {
      if (!slot?.ready || slot.running || queue.length === 0) continue;
      const next = queue.shift() as Pending;
      const id = nextId++;
      slot.running = { ...next, id, timers: budgetTimers(slot, next.budgetMs) };
      slot.worker.postMessage({ ...next.job, id });
    }
  };

  const spawn = (index: number) => {
    const worker = new Worker(BOOT, {
      eval: true,
      workerData: data,
      stdout: true,
      stderr: true,
      resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB },
    });
    worker.stdout.resume();
    worker.stderr.resume();
    const slot: Slot = { worker, tid: null, ready: false, running: null };
    const bornAt = Date.now();
    slots[index] = slot;
    worker.on('message', (reply: { ready: true; tid: number | null } | { id: number; result?: unknown; error?: string }) => {
      if ('ready' in reply) Object.assign(slot, { ready: true, tid: reply.tid });
      else if (slot.running?.id === reply.id) {
        const running = finish(slot) as Pending;
        if (reply.error === undefined) running.resolve(reply.result);
        else running.reject(new Error(reply.error));
      }
      pump();
    });
    worker.on('error', (err) => logger.warn('inbound analysis thread failed', { err }));
    worker.on('exit', () => {
      // Out of memory, or terminated past its budget: the job is refused as too costly either way.
      finish(slot)?.reject(new OverBudgetError());
      slots[index] = null;
      if (closing) return;
      const restart = () => void (closing || (spawn(index), pump()));
      if (Date.now() - bornAt < RESTART_AFTER_MS) setTimeout(restart, RESTART_AFTER_MS).unref();
      else restart();
    });
  };

  const run = (job: AnalysisWork, budgetMs: number) =>
    new Promise<unknown>((resolve, reject) => {
      if (closing) return reject(new Error('the inbound analysis pool is closed'));
      if (queue.length >= queueLimit) return reject(new AnalysisBusyError());
      if (!started) {
        started = true;
        slots.forEach((_, index) => spawn(index));
      }
      queue.push({ job, budgetMs: Math.max(1, budgetMs), resolve, reject });
      pump();
    });

  return {
    async parse(raw, budgetMs, { digest = false } = {}) {
      const { parsed, sha256 } = (await run({ kind: 'parse', raw, digest }, budgetMs)) as { parsed: ParsedInbound; sha256: string | null };
      return { parsed: { ...parsed, attachments: parsed.attachments.map((a) => ({ ...a, content: asBuffer(a.content) })) }, sha256 };
    },
    authenticate: (raw, sender, budgetMs) => run({ kind: 'authenticate', raw, sender }, budgetMs) as Promise<Authentication>,
    readReport: (raw, budgetMs) => run({ kind: 'report', raw }, budgetMs) as Promise<IncomingReport[]>,
    async close() {
      closing = true;
      for (const pending of queue.splice(0)) pending.reject(new Error('the inbound analysis pool is closed'));
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
