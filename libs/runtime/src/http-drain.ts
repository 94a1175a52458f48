import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface TrackedServer {
  /**
   * Stops accepting connections and resolves once every request in flight has been answered; those still open
   * after `graceMs` are cut. Answers given meanwhile carry `Connection: close`, so no client keeps a connection
   * to a server that is going away.
   */
  close(graceMs: number): Promise<void>;
}

/**
 * Follows `server`'s requests from now on, so that closing it finishes them instead of cutting them. Node's own
 * `close()` waits for busy keep-alive connections to idle out (5 s) and, until then, lets them bring new requests.
 */
export function trackRequests(server: Server): TrackedServer {
  const open = new Set<ServerResponse>();
  let closing = false;
  const follow = (_req: IncomingMessage, res: ServerResponse) => {
    if (closing) res.setHeader('connection', 'close');
    open.add(res);
    res.once('close', () => open.delete(res));
    // A response sent before its headers could carry the header leaves a keep-alive connection idle: close it.
    res.once('finish', () => closing && setImmediate(() => server.closeIdleConnections()));
  };
  for (const event of ['request', 'checkContinue', 'checkExpectation']) server.prependListener(event, follow);
  return {
    close: (graceMs) =>
      new Promise<void>((resolve) => {
        closing = true;
        for (const res of open) if (!res.headersSent) res.setHeader('connection', 'close');
        const cut = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearTimeout(cut);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
