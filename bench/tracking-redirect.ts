// The click redirect under load, open loop at BENCH_RATE (300/s) for BENCH_SECONDS (10): the embedded platform against a
// bare node:http server checking the same HMAC (the baseline). `npx tsx bench/tracking-redirect.ts`
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { BANNER_API_KEY, spawnBin, spawnEmbedded } from '../test/support/processes';
import { eventually } from '../test/support/eventually';
import { jsonClient, UNLIMITED } from './common';
import { benchConfig } from './config';
import { openLoop } from './open-loop';
import { baselineToken } from './redirect-baseline-server';
import { profiledNodeArgs } from './profile';
import { fmt, stat } from './volume-stats';

const RATE = benchConfig.redirectRate;
const SECONDS = benchConfig.redirectSeconds;
const READER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** The recipient's MTA: keeps the raw messages, so the bench follows the link a reader got. */
async function capturingMta() {
  const raws: Buffer[] = [];
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => (raws.push(Buffer.concat(chunks)), callback()));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.server.address() as AddressInfo).port, raws, stop: () => new Promise<void>((r) => server.close(() => r())) };
}

async function hammer(baseUrl: string, pathOf: () => string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const get = () =>
    new Promise<number>((resolve) => {
      const req = http.get(new URL(pathOf(), baseUrl), { agent, headers: { 'user-agent': READER } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
    });
  // Warm-up, unmeasured: connections opened, code paths compiled.
  await openLoop(Math.min(RATE, 100), 1, get);
  const run = await openLoop(RATE, SECONDS, get);
  agent.destroy();
  return { ...stat(run.latencies), max: Math.max(...run.latencies), statuses: run.statuses };
}

async function baseline() {
  const proc = spawnBin('baseline', ['bench/redirect-baseline-server.ts'], {});
  try {
    const url = (await proc.waitForOutput(/listening at (\S+)/, 60_000))[1];
    return await hammer(url, () => `/c/${baselineToken('https://shop.example.com/orders/7?ref=mail')}`);
  } finally {
    await proc.kill();
  }
}

async function embedded() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-bench-tracking-'));
  const mta = await capturingMta();
  const proc = spawnEmbedded(
    {
      DATA_DIR: dataDir,
      PORT: '0',
      SANDBOX_PORT: '0',
      HOST: '127.0.0.1',
      SMTP_URL: `smtp://127.0.0.1:${mta.port}`,
      ...UNLIMITED,
    },
    profiledNodeArgs(),
  );
  try {
    const url = (await proc.waitForOutput(/running at (http:\/\/\S+)/, 60_000))[1];
    const auth = { authorization: `Bearer ${(await proc.waitForOutput(BANNER_API_KEY))[1]}` };
    const client = jsonClient(url, 4);
    const identity = (await client.call('GET', '/identities', auth)).body.data[0];
    await client.call('PATCH', `/identities/${identity.id}`, auth, { tracking: { clicks: true } });
    const html = '<p>Shipped. <a href="https://shop.example.com/orders/7?ref=mail">Track it</a></p>';
    const sent = await client.call('POST', '/emails', auth, {
      from: 'shop@sandbox.mailplane.test',
      to: 'r@example.org',
      subject: 'Shipped',
      html,
    });
    await eventually(() => mta.raws.length > 0, 'the message at the MTA', 30_000);
    const link = new URL(/href="([^"]+)"/.exec((await simpleParser(mta.raws[0])).html as string)![1]);
    const figure = await hammer(url, () => link.pathname);
    const clicks = async () => {
      const e = (await client.call('GET', `/emails/${sent.body.id}`, auth)).body.engagement;
      return e.clicks + e.machineClicks;
    };
    const answered = figure.statuses[302] ?? 0;
    await eventually(async () => (await clicks()) >= answered, 'every click recorded', 60_000).catch(() => undefined);
    client.close();
    return { ...figure, recorded: await clicks() };
  } finally {
    await proc.kill();
    await mta.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const rows = [
    { mode: 'baseline (node:http + HMAC, 302)', ...(await baseline()), recorded: null as number | null },
    { mode: 'embedded (gateway → mail → 302)', ...(await embedded()) },
  ];
  process.stdout.write(`\nClick redirect at ${RATE}/s for ${SECONDS} s (open loop, latency from due time)\n\n`);
  process.stdout.write(
    '| mode | requests | 302 | other | p50 ms | p99 ms | max ms | clicks recorded |\n|---|---|---|---|---|---|---|---|\n',
  );
  for (const r of rows) {
    const other =
      Object.entries(r.statuses)
        .filter(([s]) => s !== '302')
        .map(([s, n]) => `${s}×${n}`)
        .join(' ') || '—';
    process.stdout.write(
      `| ${r.mode} | ${r.n} | ${r.statuses[302] ?? 0} | ${other} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.max)} | ${r.recorded ?? '—'} |\n`,
    );
  }
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
