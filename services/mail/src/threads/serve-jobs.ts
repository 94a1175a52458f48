import { parentPort } from 'node:worker_threads';
import { thisThreadId } from './thread-priority';

export type PostedJob<Job> = { id: number; job: Job };
export type ThreadReply = { ready: true; tid: number | null } | { id: number; result?: unknown; error?: string };

/** Says it is ready once loaded (a job's time counts from when it is posted, not from boot), with its Linux thread id. */
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
