import { serveJobs } from '../threads/serve-jobs';
import type { TemplateSource } from './engine';
import { runTemplate } from './run';

/** One render for `threaded-runner.ts`, off the service's event loop. */
export type TemplateJob = { source: TemplateSource; model: Record<string, unknown> };

// A cold thread's first render takes ~20 ms more than the next (liquidjs compiling its own code): spent here, before
// the thread says it is ready, not out of a tenant's 100 ms budget.
const WARM_UP: TemplateSource = {
  subject: 'Hi {{ name | default: "there" }}',
  html: '<p>{% for item in items %}{{ item.name | upcase }}{% endfor %}{% if missing %}x{% endif %}</p>',
  text: '{{ name }}',
};

void runTemplate(WARM_UP, { items: [{ name: 'a' }] })
  .catch(() => undefined)
  .then(() => serveJobs(({ source, model }: TemplateJob) => runTemplate(source, model)));
