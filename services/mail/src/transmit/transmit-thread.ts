import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadPriority } from '../threads/thread-priority';
import { createLocalTransmitter } from './local-transmitter';
import type { TransmitJob } from './transmitter';

// Accepting comes first: rendering and signing catch up from the queue.
lowerThisThreadPriority(10);

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
