import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createLocalTransmitter } from './local-transmitter';
import type { TransmitJob } from './transmitter';

// Accepting comes first: when the cores are busy, the service's event loop (sends answered, durable) gets them
// before rendering and signing, which catch up from the queue. Linux only: a thread's id from /proc sets its own
// niceness; elsewhere the thread keeps the process's.
const DELIVERY_NICENESS = 10;
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), DELIVERY_NICENESS);
} catch {
  /* not Linux, or not allowed: same priority as the event loop */
}

// One transmitter per worker thread, with its own SMTP pool; jobs come from `threaded-transmitter.ts`.
const transmitter = createLocalTransmitter(workerData as { url: string; poolSize: number });
const port = parentPort!;

port.on('message', (request: { id: number; job: TransmitJob; openBy?: number } | 'close') => {
  if (request === 'close') {
    void transmitter.close().then(() => port.close());
    return;
  }
  transmitter.transmit(request.job, request.openBy).then(
    (result) => port.postMessage({ id: request.id, result }),
    (err: Error) => port.postMessage({ id: request.id, error: err.message }),
  );
});
