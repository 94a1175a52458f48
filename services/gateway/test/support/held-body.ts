import { request as httpRequest, type IncomingMessage } from 'node:http';

export interface HeldBodyRequest {
  /** The final response, with its body read; it may come while the body is still held back. */
  response: Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>;
  /** Whether the server sent `100 Continue` before its final response. */
  continued(): boolean;
  /** Resolves when the server sends `100 Continue`. */
  whenContinued: Promise<void>;
  /** Sends the body (a test does so only after a 100 Continue) and ends the request. */
  sendBody(body: string): void;
  abort(): void;
}

/**
 * A POST whose headers go out at once and whose body is held back until the test sends it: supertest cannot
 * hold a body back, and answering before the body is what these tests are about.
 */
export function postHoldingBody(url: string, path: string, headers: Record<string, string>): HeldBodyRequest {
  let continued = false;
  const req = httpRequest(new URL(path, url), { method: 'POST', headers });
  const whenContinued = new Promise<void>((resolve) => req.on('continue', () => ((continued = true), resolve())));
  req.on('error', () => undefined);
  req.flushHeaders();
  const response = new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>((resolve, reject) => {
    req.once('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
  });
  return {
    response,
    continued: () => continued,
    whenContinued,
    sendBody: (body) => req.end(body),
    abort: () => req.destroy(),
  };
}
