import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Mollie's error body; `field` names the offending request field on 422s. */
export interface MollieError {
  status: number;
  title: string;
  detail: string;
  field?: string;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized Request',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  503: 'Service Unavailable',
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly field?: string,
  ) {
    super(detail);
  }

  toJSON(): MollieError {
    return {
      status: this.status,
      title: TITLES[this.status] ?? 'Error',
      detail: this.message,
      ...(this.field ? { field: this.field } : {}),
    };
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/hal+json', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, text: string, contentType = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function parseJsonObject(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ApiError(400, 'The request body must be a JSON object');
  return parsed as Record<string, unknown>;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomId(prefix: string): string {
  return prefix + Array.from({ length: 10 }, () => ALNUM[randomInt(ALNUM.length)]).join('');
}

/** Mollie's timestamp style: ISO 8601 in UTC, whole seconds, `+00:00`. */
export function timestamp(at: number = Date.now()): string {
  return new Date(at).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** Listens on an ephemeral port; the returned close also drops keep-alive sockets so stop() does not hang on idle clients. */
export async function listen(handler: RequestListener, host: string): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => (server.off('error', reject), resolve()));
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { server, url, close };
}
