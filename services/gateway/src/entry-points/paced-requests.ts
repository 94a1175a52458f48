import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';

export const STARTS_PER_TURN = 32;
/** However fast connections keep arriving, waiting requests are started at least this often. */
const MAX_DEFER_MS = 250;
/** Answered the moment they are read: a probe must not wait behind a burst. */
const PROBES = new Set(['/healthz', '/readyz']);

const isProbe = (req: IncomingMessage) => req.method === 'GET' && PROBES.has((req.url ?? '').split('?')[0]);

/**
 * libuv accepts one connection per turn (libuv#3696) while Node hands the application every request read in it, so a
 * burst left probes seconds in the accept queue. At most `perTurn` start a turn, none after a turn that accepted one.
 * The listener returned serves requests the server emits by other events (`checkExpectation`).
 */
export function paceRequests(server: Server, start: RequestListener, perTurn = STARTS_PER_TURN): RequestListener {
  let waiting: Array<[IncomingMessage, ServerResponse]> = [];
  let next = 0;
  let scheduled = false;
  let accepted = false;
  let lastStart = performance.now();

  const slice = () => {
    scheduled = false;
    const acceptedLastTurn = accepted;
    accepted = false;
    if (acceptedLastTurn && performance.now() - lastStart < MAX_DEFER_MS) return schedule();
    lastStart = performance.now();
    const end = Math.min(waiting.length, next + perTurn);
    for (; next < end; next++) {
      const [req, res] = waiting[next];
      // A client that hung up while waiting is owed nothing, and its 'close' has passed: nobody would release
      // the admission place its start would take.
      if (!req.socket.destroyed) start(req, res);
    }
    if (next === waiting.length) [waiting, next] = [[], 0];
    else {
      // Under a load that never lets the list empty, the started ones are let go now and then.
      if (next >= 4096) [waiting, next] = [waiting.slice(next), 0];
      schedule();
    }
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(slice);
  };

  const listener: RequestListener = (req, res) => {
    if (isProbe(req)) return start(req, res);
    if (waiting.length === next) lastStart = performance.now();
    waiting.push([req, res]);
    schedule();
  };
  server.on('connection', () => (accepted = true));
  server.on('request', listener);
  return listener;
}
