import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface TrackedServer {
  /** Stops accepting, answers in-flight requests (with `Connection: close`), and cuts those still open after `graceMs`. */
  close(graceMs: number): Promise<void>;
}

/** Tracks requests so closing finishes them: Node's `close()` lets busy keep-alive connections bring new ones for 5 s. */
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
