import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as OTLP/JSON carries it, with its process's `service.name` and its attributes flattened to values. */
export interface CollectedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
}

/** An OTLP/HTTP collector's stand-in: keeps every span POSTed to `/v1/traces` (JSON), and every raw protobuf body. */
export interface OtlpCollector {
  url: string;
  spans: CollectedSpan[];
  protobufBodies: Buffer[];
  /** Resolves once `done` holds for what has arrived, checked on each export (never on a timer). */
  waitFor(done: () => boolean, what: string | (() => string), timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type KeyValue = { key: string; value: AnyValue };
type OtlpJson = {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: { spans?: (Omit<CollectedSpan, 'service' | 'attributes'> & { attributes?: KeyValue[] })[] }[];
  }[];
};

const valueOf = (v: AnyValue) => v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue ?? ''));
const flatten = (list: KeyValue[] = []) => Object.fromEntries(list.map((kv) => [kv.key, valueOf(kv.value)]));

export async function startOtlpCollector(): Promise<OtlpCollector> {
  const spans: CollectedSpan[] = [];
  const protobufBodies: Buffer[] = [];
  const waiters = new Set<() => void>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') return void res.writeHead(404).end();
      const body = Buffer.concat(chunks);
      if (req.headers['content-type'] === 'application/x-protobuf') protobufBodies.push(body);
      else {
        for (const rs of (JSON.parse(body.toString('utf8')) as OtlpJson).resourceSpans ?? []) {
          const service = String(flatten(rs.resource?.attributes)['service.name'] ?? '');
          for (const ss of rs.scopeSpans ?? [])
            for (const s of ss.spans ?? [])
              spans.push({ ...s, parentSpanId: s.parentSpanId ?? '', service, attributes: flatten(s.attributes) });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      for (const check of [...waiters]) check();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    protobufBodies,
    waitFor: (done, what, timeoutMs = 20_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!done()) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
