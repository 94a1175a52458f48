import { parentPort } from 'node:worker_threads';
import { thisThreadId } from './thread-priority';

/** What `budgeted-pool.ts` and a thread serving its jobs say to each other. */
export type PostedJob<Job> = { id: number; job: Job };
export type ThreadReply = { ready: true; tid: number | null } | { id: number; result?: unknown; error?: string };

/**
 * The thread side of a budgeted pool: runs each job posted to it and answers its result or its error's message. Says
 * it is ready once loaded (a job's time is counted from when it is posted, so not while the thread boots), with its
 * Linux thread id, by which the pool reads the thread's CPU time.
 */
export function serveJobs<Job>(run: (job: Job) => Promise<unknown>): void {
  const port = parentPort!;
  const reply = (message: ThreadReply) => port.postMessage(message);
  port.on('message', ({ id, job }: PostedJob<Job>) => {
    run(job).then(
      (result) => reply({ id, result }),
      (err: Error) => reply({ id, error: err.message }),
    );
  });
  reply({ ready: true, tid: thisThreadId() });
}
