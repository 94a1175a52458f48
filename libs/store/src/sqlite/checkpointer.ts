import { Worker } from 'node:worker_threads';

// Plain JavaScript evaluated in the thread, so it runs the same under tsx, jest and node.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: the next round copies what this one could not */ }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** Off the event loop (in a commit, one cost a request tens of ms), passive; should the thread fail, `onFailure` hands them to SQLite. */
export function startCheckpointer(file: string, everyMs: number, onFailure: () => void): { stop(): Promise<void> } {
  const worker = new Worker(THREAD, { eval: true, workerData: { file, everyMs, driver: require.resolve('better-sqlite3') } });
  worker.unref();
  worker.once('error', onFailure);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      // Referenced again so that the process waits for the thread to close its connection.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
