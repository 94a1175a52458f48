import { serveJobs } from '../threads/serve-jobs';
import type { TemplateSource } from './engine';
import { runTemplate } from './run';

/** One render for `threaded-runner.ts`, off the service's event loop. */
export type TemplateJob = { source: TemplateSource; model: Record<string, unknown> };

serveJobs(({ source, model }: TemplateJob) => runTemplate(source, model));
