import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { SmtpSink } from '../sandbox/smtp-sink';

export const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';
export const BENCH_DOMAIN = 'bench.mailplane.test';
/** High enough that neither the per-second send limit nor the monthly quota is ever hit during a run. */
export const UNLIMITED = { SEND_RATE_LIMIT: '100000000', DEFAULT_MONTHLY_QUOTA: '1000000000' };

export interface RunResult {
  mode: string;
  n: number;
  seconds: number | null;
  /** Seconds until every send was accepted (HTTP 202 / SMTP 250 seen by the sender). */
  acceptedSeconds?: number | null;
  note?: string;
  detail?: string;
}

/** One message's content; the platform run POSTs it, the baseline renders it with the same fields. */
export function payload(i: number, domain: string) {
  return {
    from: `Bench <bench@${domain}>`,
    to: `rcpt${i}@example.org`,
    subject: `Benchmark message ${i}`,
    text: `Hello,\n\nthis is benchmark message number ${i}.\nIt has a short plain-text part and an HTML part.\n\n-- \nMailplane bench\n`,
    html: `<p>Hello,</p><p>this is benchmark message number <b>${i}</b>.</p><p>It has a short plain-text part and an HTML part.</p>`,
  };
}

export async function windowed(n: number, window: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < n) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(window, n) }, worker));
}

export async function sinkReaches(sink: SmtpSink, n: number, timeoutMs: number): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (sink.count() >= n) return performance.now();
    if (performance.now() > deadline) throw new Error(`sink received ${sink.count()} of ${n} messages within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** A minimal JSON client over one keep-alive agent, so the platform runs do not pay a TCP handshake per request. */
export function jsonClient(baseUrl: string, maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const req = http.request(
        new URL(path, baseUrl),
        {
          method,
          agent,
          headers: { ...headers, ...(data ? { 'content-type': 'application/json', 'content-length': String(data.length) } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            let parsed: unknown = text;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              /* not JSON */
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(data);
    });
  return { call, close: () => agent.destroy() };
}

export type JsonClient = ReturnType<typeof jsonClient>;

/** Admin-created tenant + identity verified through the API, its records published in `publish` (sandbox DNS). */
export async function tenantWithIdentity(client: JsonClient, publish: (name: string, value: string) => void, domain = BENCH_DOMAIN) {
  const tenant = await client.call('POST', '/admin/tenants', { authorization: `Bearer ${ADMIN_TOKEN}` }, { name: 'Bench' });
  if (tenant.status !== 201) throw new Error(`tenant not created: ${tenant.status} ${JSON.stringify(tenant.body)}`);
  const auth = { authorization: `Bearer ${tenant.body.apiKey.key as string}` };
  const identity = await client.call('POST', '/identities', auth, { domain });
  if (identity.status !== 201) throw new Error(`identity not created: ${identity.status} ${JSON.stringify(identity.body)}`);
  for (const record of identity.body.dnsRecords as { name: string; value: string }[]) publish(record.name, record.value);
  const verified = await client.call('POST', `/identities/${identity.body.id}/verify`, auth);
  if (verified.body?.status !== 'verified') throw new Error(`identity not verified: ${JSON.stringify(verified.body)}`);
  return { auth, domain };
}

export async function postEmails(
  client: JsonClient,
  auth: Record<string, string>,
  domain: string,
  n: number,
  window: number,
): Promise<number> {
  await windowed(n, window, async (i) => {
    const res = await client.call('POST', '/emails', auth, payload(i, domain));
    if (res.status !== 202) throw new Error(`POST /emails #${i} answered ${res.status}: ${JSON.stringify(res.body)}`);
  });
  return performance.now();
}
