import { parentPort } from 'node:worker_threads';
import type { TemplateSource } from './engine';
import { runTemplate } from './run';

// Renders templates for `threaded-runner.ts`, one at a time, off the service's event loop.
const port = parentPort!;

port.on('message', (request: { id: number; source: TemplateSource; model: Record<string, unknown> } | 'close') => {
  if (request === 'close') {
    port.close();
    return;
  }
  runTemplate(request.source, request.model).then(
    (result) => port.postMessage({ id: request.id, result }),
    (err: Error) => port.postMessage({ id: request.id, error: err.message }),
  );
});
// Loaded: jobs may come (their time is counted from when they are posted, so not while the thread boots).
port.postMessage('ready');
