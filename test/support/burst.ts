import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** One send's answer as a burst saw it. */
export interface SendAnswer {
  status: number;
  id?: string;
  code?: string;
  retryAfter?: string;
  ms: number;
}

/** One POST on a connection of its own, as many independent clients would send it. */
export function postJson(url: string, path: string, headers: Record<string, string>, body: unknown): Promise<SendAnswer> {
  const data = Buffer.from(JSON.stringify(body));
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      new URL(path, url),
      {
        method: 'POST',
        agent: false,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(data.length), connection: 'close' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let parsed: { id?: string; code?: string } = {};
          try {
            parsed = JSON.parse(text);
          } catch {
            /* not JSON: the status says enough */
          }
          const retryAfter = res.headers['retry-after'];
          resolve({ status: res.statusCode ?? 0, id: parsed.id, code: parsed.code, retryAfter, ms: performance.now() - started });
        });
      },
    );
    // A connection refused or reset is an answer too: status 0, which no test accepts.
    req.on('error', (err) => resolve({ status: 0, code: (err as NodeJS.ErrnoException).code, ms: performance.now() - started }));
    req.end(data);
  });
}

/** Fires `n` sends at once, each on its own connection, and gathers every answer. */
export function burst(
  url: string,
  key: string,
  n: number,
  body: (i: number) => unknown,
  headers: (i: number) => Record<string, string> = () => ({}),
) {
  return Promise.all(
    Array.from({ length: n }, (_, i) => postJson(url, '/emails', { authorization: `Bearer ${key}`, ...headers(i) }, body(i))),
  );
}

/** How many answers of each status, for assertion messages and the bench. */
export const countByStatus = (answers: SendAnswer[]) =>
  answers.reduce<Record<number, number>>((counts, a) => ({ ...counts, [a.status]: (counts[a.status] ?? 0) + 1 }), {});

/** One `GET /healthz` on a fresh connection, as a load balancer's probe opens it: status 0 and the error if none came. */
export function probeHealth(url: string, timeoutMs = 10_000): Promise<{ status: number; ms: number; error?: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get(new URL('/healthz', url), { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (err) => resolve({ status: 0, ms: performance.now() - started, error: err.message }));
  });
}

/** `probeHealth` one after another until `until` settles; every probe's answer. */
export async function probeHealthUntil(url: string, until: Promise<unknown>) {
  let settled = false;
  void until.finally(() => (settled = true));
  const probes = [];
  do probes.push(await probeHealth(url));
  while (!settled);
  return probes;
}
