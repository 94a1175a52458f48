import http from 'node:http';
import fc from 'fast-check';

/** One request of the fuzzer, aimed at one operation of the document. */
export interface FuzzRequest {
  operationId: string;
  /** Which family of input built it (valid, wrong-type, deep-body, ...), for the failure report. */
  variant: string;
  method: string;
  /** Path and query, already percent-encoded (or deliberately not). */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface FuzzResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** A failing request as a short line (bodies can be megabytes). */
export function describeRequest(r: FuzzRequest): string {
  const body = r.body ? ` body(${r.body.length} B): ${JSON.stringify(r.body.subarray(0, 200).toString('latin1'))}` : '';
  return `[${r.variant}] ${r.method} ${r.path.slice(0, 300)} headers: ${JSON.stringify(r.headers).slice(0, 400)}${body}`;
}

/** Gives a request the short description above in fast-check's counterexample report. */
export function printable(r: FuzzRequest): FuzzRequest {
  return Object.defineProperty(r, fc.toStringMethod, { value: () => describeRequest(r), enumerable: false });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

export function send(baseUrl: string, r: FuzzRequest, retried = false): Promise<FuzzResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    // Node's client writes a GET's body without Content-Length unless told: the server would read it as the next request.
    const headers = r.body ? { ...r.headers, 'content-length': String(r.body.length) } : r.headers;
    const req = http.request({ hostname, port, method: r.method, path: r.path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed while generating the next input blocked this process (the
      // server's keep-alive timeout passed): the request never reached it, so it is sent again, once, as Node's
      // documentation advises for `reusedSocket`.
      if (req.reusedSocket && err.code === 'ECONNRESET' && !retried) send(baseUrl, r, true).then(resolve, reject);
      else reject(err);
    });
    req.end(r.body);
  });
}

export const closeAgent = () => agent.destroy();
