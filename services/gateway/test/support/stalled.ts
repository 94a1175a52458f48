import net from 'node:net';

/** What one hostile connection has seen so far. */
export interface HeldConnection {
  /** The server sent `100 Continue`: it read the headers and asked for the body. */
  continued: boolean;
  /** The status of the final answer, if one came. */
  status: number | null;
  closed: boolean;
}

export interface Attack {
  connections: HeldConnection[];
  /** Resolves once the server has decided on every connection's headers: asked for its body, answered or closed it. */
  decided: Promise<void>;
  /** Connections the server asked for a body and still holds open. */
  held(): number;
  /** Writes bytes on every open connection (a slow drip), without ending the request. */
  drip(bytes: string): void;
  /** Resolves once every connection is closed. */
  allClosed: Promise<void>;
  stop(): void;
}

/**
 * `n` connections that each send `head` (a request line and headers, ending in the blank line, announcing a body
 * with `Expect: 100-continue`) and then hold the body back, as a slowloris attacker does. The server's `100
 * Continue` is what tells the test that it read the headers and now waits for the body. `from`: the loopback address
 * the connections come from (one client to per-address limits).
 */
export function holdBodies(url: string, n: number, head: (i: number) => string, from = '127.0.0.1'): Attack {
  const port = Number(new URL(url).port);
  const sockets: net.Socket[] = [];
  const connections: HeldConnection[] = [];
  const decisions: Promise<void>[] = [];
  const closings: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    const seen: HeldConnection = { continued: false, status: null, closed: false };
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from }, () => socket.write(head(i)));
    let text = '';
    let decide = () => {};
    decisions.push(new Promise((resolve) => (decide = resolve)));
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      for (const [, code] of text.matchAll(/HTTP\/1\.1 (\d{3})/g)) {
        if (code === '100') seen.continued = true;
        else seen.status = Number(code);
      }
      if (seen.continued || seen.status) decide();
    });
    socket.on('error', () => undefined);
    closings.push(new Promise((resolve) => socket.on('close', () => ((seen.closed = true), decide(), resolve()))));
    sockets.push(socket);
    connections.push(seen);
  }
  return {
    connections,
    decided: Promise.all(decisions).then(() => undefined),
    held: () => connections.filter((c) => c.continued && !c.closed && c.status === null).length,
    drip: (bytes) => sockets.forEach((s) => s.writable && s.write(bytes)),
    allClosed: Promise.all(closings).then(() => undefined),
    stop: () => sockets.forEach((s) => s.destroy()),
  };
}

/** The head of a POST announcing a body of `length` bytes and asking whether to send it. */
export function postHead(path: string, length: number, headers: Record<string, string> = {}): string {
  const lines = Object.entries({ 'Content-Length': String(length), Expect: '100-continue', ...headers }).map(([k, v]) => `${k}: ${v}`);
  return `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}
