import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from '@mailplane/runtime';
import type { TemplateField, TemplateSource } from './engine';
import { RENDER_BUDGET_MS } from './render';
import type { TemplateRun, TemplateRunner } from './run';

// The worker is TypeScript when the service runs from source (tsx, jest); it registers tsx in its own thread.
const WORKER_FILE = path.join(__dirname, `run-thread${path.extname(__filename)}`);
const BOOT = `${WORKER_FILE.endsWith('.ts') ? "require('tsx/cjs');" : ''} require(${JSON.stringify(WORKER_FILE)});`;
// Past the render's own budget by this much, the thread is stopped: a call liquidjs cannot interrupt ends with it.
const STOP_AFTER_MS = RENDER_BUDGET_MS + 400;
const RESTART_AFTER_MS = 1000;

interface Job {
  id: number;
  source: TemplateSource;
  model: Record<string, unknown>;
  resolve(run: TemplateRun): void;
  reject(err: Error): void;
}

/** What a render stopped by its thread's end answers: the first field present, out of time. */
function stopped(source: TemplateSource): TemplateRun {
  const field: TemplateField = source.subject !== null ? 'subject' : source.html !== null ? 'html' : 'text';
  const issue = { field, line: null, column: null, message: `rendering took longer than ${RENDER_BUDGET_MS} ms in all` };
  return { rendering: { subject: null, html: null, text: null, missing: [], issues: [issue] }, parseIssues: [], referenced: [] };
}

/**
 * Templates rendered on one worker thread, one at a time, so that a tenant's template never holds the event loop
 * that answers every tenant. A render still running STOP_AFTER_MS after it began (something liquidjs's own limits
 * did not stop) ends its thread, answers out of time, and a new thread takes the next.
 */
export function createThreadedRunner(logger: Logger): TemplateRunner {
  let nextId = 0;
  let closing = false;
  const queue: Job[] = [];
  let current: { job: Job; timer: NodeJS.Timeout } | null = null;
  let ready = false;
  let worker = spawn();

  function spawn(): Worker {
    ready = false;
    let loaded = false;
    const thread = new Worker(BOOT, { eval: true });
    thread.on('message', (reply: { id: number; result?: TemplateRun; error?: string } | 'ready') => {
      if (reply === 'ready') {
        loaded = ready = true;
        next();
        return;
      }
      if (!current || current.job.id !== reply.id) return;
      const { job, timer } = current;
      clearTimeout(timer);
      current = null;
      if (reply.result) job.resolve(reply.result);
      else job.reject(new Error(reply.error ?? 'template render failed'));
      next();
    });
    thread.on('error', (err) => logger.error('template thread failed', { err }));
    thread.on('exit', () => {
      if (current) {
        clearTimeout(current.timer);
        current.job.reject(new Error('template thread exited before answering'));
        current = null;
      }
      if (closing) return;
      // A thread that could not even load is not restarted in a tight loop.
      if (loaded) worker = spawn();
      else setTimeout(() => void (closing || (worker = spawn())), RESTART_AFTER_MS).unref();
    });
    return thread;
  }

  function next() {
    if (current || closing || !ready) return;
    const job = queue.shift();
    if (!job) return;
    const timer = setTimeout(() => {
      if (current?.job !== job) return;
      current = null;
      logger.warn('template render stopped past its budget', { budgetMs: RENDER_BUDGET_MS });
      job.resolve(stopped(job.source));
      ready = false;
      void worker.terminate();
    }, STOP_AFTER_MS);
    current = { job, timer };
    worker.postMessage({ id: job.id, source: job.source, model: job.model });
  }

  return {
    run(source, model) {
      if (closing) return Promise.reject(new Error('the template runner is closed'));
      return new Promise<TemplateRun>((resolve, reject) => {
        queue.push({ id: nextId++, source, model, resolve, reject });
        next();
      });
    },
    async close() {
      closing = true;
      for (const job of queue.splice(0)) job.reject(new Error('the template runner is closed'));
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      await worker.terminate();
      await exited.catch(() => undefined);
    },
  };
}
