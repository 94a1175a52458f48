import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts the module at `modulePath` (no extension) on a worker thread. The module is TypeScript when the service runs
 * from source (tsx, jest): the thread then registers tsx in itself first.
 */
export function startThread(modulePath: string, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const file = `${modulePath}${path.extname(__filename)}`;
  const boot = `${file.endsWith('.ts') ? "require('tsx/cjs');" : ''} require(${JSON.stringify(file)});`;
  return new Worker(boot, { ...options, eval: true });
}
