import { createRequire } from 'node:module';
import { benchConfig } from './config';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

/**
 * With BENCH_INSTRUMENT=1, times what nedb runs inside each datastore's executor. nedb runs one operation
 * at a time per datastore (insert, update, remove, find/count cursor), so the summed durations are how
 * busy that datastore's queue was; `append` is the part spent in fs.appendFile (open, write, close).
 */
const require = createRequire(path.join(__dirname, '..', 'libs', 'store', 'src', 'index.ts'));
type Stat = { ops: number; busyMs: number; appendMs: number; appends: number };
const stats = new Map<string, Stat>();
let installed = false;

const stat = (file: string | undefined) => {
  const name = file ? path.relative(path.dirname(path.dirname(file)), file).replace(/\.db$/, '') : '(memory)';
  let s = stats.get(name);
  if (!s) stats.set(name, (s = { ops: 0, busyMs: 0, appendMs: 0, appends: 0 }));
  return s;
};

function wrap(proto: Record<string, unknown>, method: string, fileOf: (self: any) => string | undefined, field: 'busy' | 'append') {
  const original = proto[method] as (...args: unknown[]) => Promise<unknown>;
  proto[method] = async function (this: unknown, ...args: unknown[]) {
    const t = performance.now();
    try {
      return await original.apply(this, args);
    } finally {
      const s = stat(fileOf(this));
      if (field === 'busy') {
        s.ops++;
        s.busyMs += performance.now() - t;
      } else {
        s.appends++;
        s.appendMs += performance.now() - t;
      }
    }
  };
}

export function installNedbTimers(): boolean {
  if (!benchConfig.instrument || installed) return installed;
  const Datastore = require('@seald-io/nedb');
  const Cursor = require('@seald-io/nedb/lib/cursor.js');
  const Persistence = require('@seald-io/nedb/lib/persistence.js');
  for (const m of ['_insertAsync', '_updateAsync', '_removeAsync']) wrap(Datastore.prototype, m, (ds) => ds.filename, 'busy');
  wrap(Cursor.prototype, '_execAsync', (c) => c.db.filename, 'busy');
  wrap(Persistence.prototype, 'persistNewStateAsync', (p) => p.filename, 'append');
  return (installed = true);
}

export function resetNedbTimers(): void {
  stats.clear();
}

/** One line per busy datastore: operations, busy seconds and share of the window, appendFile share. */
export function nedbReport(windowMs: number): string {
  return [...stats]
    .filter(([, s]) => s.busyMs > windowMs * 0.02)
    .sort((a, b) => b[1].busyMs - a[1].busyMs)
    .map(
      ([name, s]) =>
        `  ${name}: ${s.ops} ops, queue busy ${(s.busyMs / 1000).toFixed(2)} s = ${((100 * s.busyMs) / windowMs).toFixed(0)}% of the run, ` +
        `${(s.busyMs / s.ops).toFixed(2)} ms/op; appendFile ${s.appends}× ${(s.appendMs / Math.max(1, s.appends)).toFixed(2)} ms = ${(s.appendMs / 1000).toFixed(2)} s`,
    )
    .join('\n');
}
