import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { Logger } from '@mailplane/runtime';
import { startThread } from '../threads/start-thread';
import type { RelayResult } from './smtp-relay';
import type { TransmitJob, Transmitter } from './transmitter';

type Pending = { resolve(result: RelayResult): void; reject(err: Error): void };

const CLOSE_WAIT_MS = 5000;
const RESTART_AFTER_MS = 1000;

/** Render, sign and relay off the event loop; a thread that dies fails its jobs (retried after their lease) and is replaced. */
export function createThreadedTransmitter(
  threads: number,
  smtp: { url: string; poolSize: number },
  logger: Logger,
  compiledTree: string | null = null,
): Transmitter {
  let nextId = 0;
  let turn = 0;
  let closing = false;
  const pending = new Map<number, Pending & { worker: Worker }>();
  // SMTP_POOL_SIZE counts connections to the MTA in all, shared out among the threads.
  const perThread = { url: smtp.url, poolSize: Math.max(1, Math.ceil(smtp.poolSize / threads)) };

  const spawn = (slot: number): Worker => {
    const worker = startThread(path.join(__dirname, 'transmit-thread'), compiledTree, { workerData: perThread });
    const startedAt = Date.now();
    worker.on('message', (reply: { id: number; result?: RelayResult; error?: string }) => {
      const job = pending.get(reply.id);
      if (!job) return;
      pending.delete(reply.id);
      if (reply.result) job.resolve(reply.result);
      else job.reject(new Error(reply.error ?? 'transmit failed'));
    });
    worker.on('error', (err) => logger.error('transmit thread failed', { err }));
    worker.on('exit', (code) => {
      for (const [id, job] of pending) {
        if (job.worker !== worker) continue;
        pending.delete(id);
        job.reject(new Error(`transmit thread exited (${code}) before answering`));
      }
      workers[slot] = null;
      if (closing) return;
      // A thread that cannot even start is not restarted in a tight loop.
      const restart = () => void (closing || (workers[slot] = spawn(slot)));
      if (Date.now() - startedAt < RESTART_AFTER_MS) setTimeout(restart, RESTART_AFTER_MS).unref();
      else restart();
    });
    return worker;
  };
  const workers: (Worker | null)[] = Array.from({ length: threads }, (_, slot) => spawn(slot));
  const nextWorker = (): Worker | null => {
    for (let i = 0; i < workers.length; i++) {
      const worker = workers[turn++ % workers.length];
      if (worker) return worker;
    }
    return null;
  };

  return {
    transmit(job: TransmitJob) {
      const worker = nextWorker();
      if (!worker) return Promise.reject(new Error('no transmit thread is running'));
      const id = nextId++;
      return new Promise<RelayResult>((resolve, reject) => {
        pending.set(id, { resolve, reject, worker });
        // The deadline is fixed here: time spent in the thread's queue counts against the lease too.
        const openBy = job.openWithinMs === undefined ? undefined : Date.now() + job.openWithinMs;
        worker.postMessage({ id, job, openBy });
      });
    },
    async close() {
      closing = true;
      await Promise.all(
        workers
          .filter((w): w is Worker => w !== null)
          .map(async (worker) => {
            const exited = new Promise((resolve) => worker.once('exit', resolve));
            worker.postMessage('close');
            const timer = setTimeout(() => void worker.terminate(), CLOSE_WAIT_MS);
            await exited;
            clearTimeout(timer);
          }),
      );
    },
  };
}
