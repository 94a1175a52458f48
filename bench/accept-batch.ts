// The batch part of `npm run bench`: emails/s through POST /emails/batch against single sends, BENCH_BATCH_EMAILS each way.
import { performance } from 'node:perf_hooks';
import { jsonClient, payload, windowed } from './common';
import { startTarget, type AcceptMode } from './accept-targets';
import { fmt } from './volume-stats';

export interface BatchFigure {
  mode: string;
  emails: number;
  singlePerSecond: number;
  batchPerSecond: number;
}

const BATCH = 100;

export async function batchFigure(mode: AcceptMode, emails: number): Promise<BatchFigure> {
  const target = await startTarget(mode);
  const client = jsonClient(target.url, 64);
  const auth = { authorization: `Bearer ${target.key}` };
  const domain = target.from.split('@')[1];
  const email = (k: number) => ({ ...payload(k, domain), from: target.from });
  const expect202 = (res: { status: number; body: unknown }) => {
    if (res.status !== 202) throw new Error(`${target.mode}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  };
  try {
    for (let k = 0; k < 20; k++) expect202(await client.call('POST', '/emails', auth, email(-1 - k)));
    let started = performance.now();
    await windowed(emails, 16, async (k) => expect202(await client.call('POST', '/emails', auth, email(k))));
    const singlePerSecond = emails / ((performance.now() - started) / 1000);
    started = performance.now();
    await windowed(Math.ceil(emails / BATCH), 2, async (b) =>
      expect202(
        await client.call(
          'POST',
          '/emails/batch',
          auth,
          Array.from({ length: BATCH }, (_, i) => email(emails + b * BATCH + i)),
        ),
      ),
    );
    const batchPerSecond = emails / ((performance.now() - started) / 1000);
    process.stdout.write(`  ${target.mode}: single ${fmt(singlePerSecond)}/s, batch ${fmt(batchPerSecond)}/s\n`);
    return { mode: target.mode, emails, singlePerSecond, batchPerSecond };
  } finally {
    await target.stop();
  }
}

export function batchTable(figures: BatchFigure[]): string {
  const rows = figures.map(
    (f) =>
      `| ${f.mode} | ${f.emails} | ${fmt(f.singlePerSecond)} | ${fmt(f.batchPerSecond)} | **${fmt(f.batchPerSecond / f.singlePerSecond)}** |`,
  );
  return [
    '| mode | emails each way | single sends: emails/s (baseline) | batches of 100: emails/s | batch vs single |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
