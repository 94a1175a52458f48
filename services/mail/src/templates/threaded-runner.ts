import path from 'node:path';
import type { Logger } from '@mailplane/runtime';
import { createBudgetedPool, OverBudgetError } from '../threads/budgeted-pool';
import type { TemplateField, TemplateSource } from './engine';
import { RENDER_BUDGET_MS } from './render';
import type { TemplateJob } from './run-thread';
import type { TemplateRun, TemplateRunner } from './run';

// Past the render's own budget by this much, the thread is stopped: a call liquidjs cannot interrupt ends with it.
const STOP_AFTER_MS = RENDER_BUDGET_MS + 400;

function stopped(source: TemplateSource): TemplateRun {
  const field: TemplateField = source.subject !== null ? 'subject' : source.html !== null ? 'html' : 'text';
  const issue = { field, line: null, column: null, message: `rendering took longer than ${RENDER_BUDGET_MS} ms in all` };
  return { rendering: { subject: null, html: null, text: null, missing: [], issues: [issue] }, parseIssues: [], referenced: [] };
}

/** One thread, one render at a time, so a tenant's template never holds the event loop that answers every tenant. */
export function createThreadedRunner(logger: Logger, compiledTree: string | null = null): TemplateRunner {
  const pool = createBudgetedPool<TemplateJob, TemplateRun>({
    name: 'template',
    module: path.join(__dirname, 'run-thread'),
    threads: 1,
    budget: { kind: 'wall' },
    startAtOnce: true,
    compiledTree,
    onThreadError: (err) => logger.error('template thread failed', { err }),
  });

  return {
    async run(source, model) {
      try {
        return await pool.run({ source, model }, STOP_AFTER_MS);
      } catch (err) {
        if (!(err instanceof OverBudgetError && err.reason === 'time')) throw err;
        logger.warn('template render stopped past its budget', { budgetMs: RENDER_BUDGET_MS });
        return stopped(source);
      }
    },
    close: () => pool.close(),
  };
}
