import { performance } from 'node:perf_hooks';
import { jsonClient } from './common';
import { measure, type Stat, stat } from './volume-stats';

const DAY_MS = 86_400_000;

/** Query strings of GET /emails per filter; `i` varies the value so that no cache answers twice. */
export function listQueries(identityId: string): Record<string, (i: number) => string> {
  const day = (i: number) => new Date(Date.now() - (10 + (Math.abs(i) % 70)) * DAY_MS);
  return {
    none: () => '',
    status: (i) => `&status=${i % 2 ? 'failed' : 'suppressed'}`,
    identityId: () => `&identityId=${identityId}`,
    'from/to': (i) => `&from=${day(i).toISOString()}&to=${new Date(day(i).getTime() + DAY_MS).toISOString()}`,
    'offset=5000': () => '&offset=5000',
    'q= (rare)': (i) => `&q=user${1000 + (Math.abs(i) % 9000)}@`,
    'q= (common)': () => '&q=invoice',
  };
}

const benchEmail = (recipient: string, subject: string) => ({
  from: 'Bench <bench@sandbox.mailplane.test>',
  to: `${recipient}@example.org`,
  subject,
  text: 'Hello from the volume bench.',
});

export async function measureApi(url: string, apiKey: string, identityId: string, rate = 50, seconds = 10) {
  const client = jsonClient(url, 64);
  const auth = { authorization: `Bearer ${apiKey}` };
  const get = async (path: string) => {
    const res = await client.call('GET', path, auth);
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    return res.body;
  };
  const results: Record<string, Stat> = {};
  try {
    for (const [name, query] of Object.entries(listQueries(identityId))) {
      results[`GET /emails ${name}`] = await measure(async (i) => void (await get(`/emails?limit=50${query(i)}`)));
    }
    const ids = ((await get('/emails?limit=100&offset=3000')).data as Array<{ id: string }>).map((m) => m.id);
    results['GET /emails/{id}'] = await measure(async (i) => void (await get(`/emails/${ids[Math.abs(i) % ids.length]}`)));
    // Unmeasured first sends: the first one opens the identity's sealed key (scrypt), once per process.
    await postAtRate(client, auth, 5, 1);
    results[`POST /emails ${rate}/s`] = await postAtRate(client, auth, rate, seconds);
  } finally {
    client.close();
  }
  return results;
}

async function postAtRate(
  client: ReturnType<typeof jsonClient>,
  auth: Record<string, string>,
  rate: number,
  seconds: number,
): Promise<Stat> {
  const start = performance.now();
  const samples: number[] = [];
  let error: string | undefined;
  const sends = Array.from({ length: rate * seconds }, async (_, k) => {
    await new Promise((r) => setTimeout(r, start + (k * 1000) / rate - performance.now()));
    const t = performance.now();
    const res = await client.call('POST', '/emails', auth, benchEmail(`volume${k}`, `Volume bench ${k}`));
    samples.push(performance.now() - t);
    if (res.status !== 202) error ??= `POST /emails: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
  });
  await Promise.all(sends);
  return stat(samples, error);
}

/**
 * From the platform's first answer on, open loop: sends at `rate`/s and a list a second of each filter in turn; p50
 * and p99 of each kind per window of `windowSeconds`, and how many were refused. What a client meets while a start's
 * background work runs.
 */
export async function measureFirstMinute(url: string, apiKey: string, identityId: string, seconds = 60, windowSeconds = 10, rate = 50) {
  const client = jsonClient(url, 256);
  const auth = { authorization: `Bearer ${apiKey}` };
  const queries = Object.values(listQueries(identityId));
  const start = performance.now();
  const windows: Record<string, Array<{ samples: number[]; refused: number; error?: string }>> = { 'POST /emails': [], 'GET /emails': [] };
  const timed = async (kind: string, at: number, call: () => Promise<{ status: number; body: unknown }>, ok: number) => {
    await new Promise((r) => setTimeout(r, start + at - performance.now()));
    const t = performance.now();
    const res = await call();
    const window = (windows[kind][Math.floor(at / 1000 / windowSeconds)] ??= { samples: [], refused: 0 });
    window.samples.push(performance.now() - t);
    if (res.status === ok) return;
    window.refused++;
    window.error ??= `${res.status} ${JSON.stringify(res.body).slice(0, 120)}`;
  };
  const sends = Array.from({ length: rate * seconds }, (_, k) =>
    timed('POST /emails', (k * 1000) / rate, () => client.call('POST', '/emails', auth, benchEmail(`first${k}`, `First minute ${k}`)), 202),
  );
  const lists = Array.from({ length: seconds * 2 }, (_, k) =>
    timed('GET /emails', k * 500, () => client.call('GET', `/emails?limit=50${queries[k % queries.length](k)}`, auth), 200),
  );
  try {
    await Promise.all([...sends, ...lists]);
  } finally {
    client.close();
  }
  const results: Record<string, Stat> = {};
  for (const [kind, list] of Object.entries(windows))
    list.forEach((w, i) => {
      const error = w.refused ? `${w.refused} of ${w.samples.length} refused, first ${w.error}` : undefined;
      results[`${kind} ${i * windowSeconds}-${(i + 1) * windowSeconds} s after start`] = stat(w.samples, error);
    });
  return results;
}
