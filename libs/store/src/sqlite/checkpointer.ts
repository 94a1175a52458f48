import { Worker } from 'node:worker_threads';

// Plain JavaScript evaluated in the thread, so it runs the same under tsx, jest and node. One connection per file.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const files = new Map();
parentPort.on('message', ({ kind, id, file, everyMs }) => {
  if (kind === 'add') {
    const db = new Database(file);
    db.pragma('busy_timeout = 5000');
    const timer = setInterval(() => {
      try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: the next round copies what this one could not */ }
    }, everyMs);
    files.set(id, { db, timer });
  } else if (kind === 'remove') {
    const entry = files.get(id);
    files.delete(id);
    if (entry) { clearInterval(entry.timer); entry.db.close(); }
    parentPort.postMessage({ removed: id });
  } else parentPort.close();
});
`;

interface Thread {
  worker: Worker;
  exited: Promise<void>;
  /** The stores it checkpoints, each with what to do should the thread fail. */
  users: Map<number, () => void>;
  removals: Map<number, () => void>;
}

// One thread for every SQLite file of the process: an embedded platform opens six, and each thread costs ~0.2 s of
// CPU to start.
let current: Thread | null = null;
let nextId = 0;

function spawn(): Thread {
  const worker = new Worker(THREAD, { eval: true, workerData: { driver: require.resolve('better-sqlite3') } });
  worker.unref();
  const thread: Thread = {
    worker,
    exited: new Promise<void>((resolve) => worker.once('exit', () => resolve())),
    users: new Map(),
    removals: new Map(),
  };
  worker.on('message', ({ removed }: { removed: number }) => thread.removals.get(removed)?.());
  worker.once('error', () => {
    if (current === thread) current = null;
    for (const onFailure of thread.users.values()) onFailure();
  });
  return thread;
}

/** Off the event loop (in a commit, one cost a request tens of ms), passive; should the thread fail, `onFailure` hands them to SQLite. */
export function startCheckpointer(file: string, everyMs: number, onFailure: () => void): { stop(): Promise<void> } {
  const thread = (current ??= spawn());
  const id = nextId++;
  thread.users.set(id, onFailure);
  thread.worker.postMessage({ kind: 'add', id, file, everyMs });
  return {
    async stop() {
      if (!thread.users.delete(id)) return;
      // Referenced while a store waits for its connection to close, so that the process waits too.
      thread.worker.ref();
      const removed = new Promise<void>((resolve) => thread.removals.set(id, resolve));
      thread.worker.postMessage({ kind: 'remove', id });
      await Promise.race([removed, thread.exited]);
      thread.removals.delete(id);
      if (thread.users.size > 0) {
        if (thread.removals.size === 0) thread.worker.unref();
        return;
      }
      if (current === thread) current = null;
      thread.worker.postMessage({ kind: 'end' });
      await thread.exited;
    },
  };
}
