import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

const ROOT = path.resolve(__dirname, '../../../..');

/**
 * Starts the module at `modulePath` (no extension) on a worker thread. When the service runs from source (tsx, jest),
 * the thread takes the module from `compiledTree` (`scripts/build.mjs`) if it holds it, as the test suite's spawned
 * processes do (a thread starts on ~0.25 s of CPU, not ~0.6 s through tsx); else it registers tsx in itself first.
 */
export function startThread(modulePath: string, compiledTree: string | null, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const file = threadModule(modulePath, compiledTree);
  const boot = `${file.endsWith('.ts') ? "require('tsx/cjs');" : ''} require(${JSON.stringify(file)});`;
  return new Worker(boot, { ...options, eval: true });
}

function threadModule(modulePath: string, compiledTree: string | null): string {
  if (path.extname(__filename) === '.js') return `${modulePath}.js`;
  const compiled = compiledTree && path.join(compiledTree, `${path.relative(ROOT, modulePath)}.js`);
  return compiled && existsSync(compiled) ? compiled : `${modulePath}.ts`;
}
