import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';

/** Requests started per turn of the event loop while others wait their turn. */
export const STARTS_PER_TURN = 32;
/** However fast connections keep arriving, waiting requests are started at least this often. */
const MAX_DEFER_MS = 250;
/** Answered the moment they are read: a probe must not wait behind a burst. */
const PROBES = new Set(['/healthz', '/readyz']);

const isProbe = (req: IncomingMessage) => req.method === 'GET' && PROBES.has((req.url ?? '').split('?')[0]);

/**
 * Lets `server` accept and read a burst before it works on it, and answers the probes first.
 *
 * libuv accepts one connection per turn of the event loop (libuv#3696). Node hands every request read in a turn
 * to the application at once, so under a burst each turn grew long with the work of dozens of sends while
 * hundreds of connections, a health probe among them, waited in the kernel's accept queue: a probe on a fresh
 * connection waited seconds for the sends ahead of it. Here requests are started at most `perTurn` a turn, first
 * come first started, and none while the turn before accepted a connection (more are likely queued), so the
 * accept queue drains in quick turns; after `MAX_DEFER_MS` without a start, a slice starts anyway. Probes are
 * answered as soon as they are read. Admission (`beforeBody`) still decides each send from its headers when it
 * starts. Returns the listener, for requests the server emits by other events (`checkExpectation`).
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
