import { performance } from 'node:perf_hooks';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Embedded } from '../platform/embedded';
import { startBenchEmbedded } from './embedded';
import { jsonClient, payload, sinkReaches, tenantWithIdentity, windowed } from './common';
import { markdownTable } from './report';
import { profileWindow } from './profile';
import { plainAuth, rawSmtp, type RawSmtp } from '../test/support/submission';
import { assertSigned } from './sink';

/** One path's share of the run: messages, seconds until all were accepted, seconds until all reached the sink. */
interface PathFigure {
  n: number;
  acceptedSeconds: number;
  deliveredSeconds: number;
}

/** `size` SMTP sessions over implicit TLS with envelope and DATA pipelined (RFC 2920): as lean as the bench's HTTP client. */
async function smtpSessions(platform: Embedded, key: string, size: number) {
  const address = { url: platform.submission.url, tlsUrl: platform.submission.tlsUrl, certFile: platform.submission.certFile };
  const open = async () => {
    const session = await rawSmtp(address, { implicitTls: true });
    await session.command('EHLO bench.example');
    const answer = await session.command(plainAuth('mailplane', key));
    if (!answer.startsWith('235')) throw new Error(`AUTH answered ${answer}`);
    return session;
  };
  const idle: RawSmtp[] = await Promise.all(Array.from({ length: size }, open));
  const waiting: Array<(session: RawSmtp) => void> = [];
  const take = () => new Promise<RawSmtp>((resolve) => (idle.length ? resolve(idle.pop() as RawSmtp) : waiting.push(resolve)));
  const give = (session: RawSmtp) => (waiting.length ? (waiting.shift() as (s: RawSmtp) => void)(session) : idle.push(session));
  return {
    async send(from: string, to: string, data: Buffer): Promise<string> {
      const session = await take();
      try {
        session.write(`MAIL FROM:<${from}>\r\nRCPT TO:<${to}>\r\nDATA\r\n`);
        const replies = [await session.reply(), await session.reply(), await session.reply()];
        if (!replies[2].startsWith('354')) throw new Error(`envelope answered ${replies.join(' / ')}`);
        session.write(data);
        return await session.reply();
      } finally {
        give(session);
      }
    },
    close: () => idle.forEach((session) => session.destroy()),
  };
}

const asData = (mime: Buffer) => Buffer.from(`${mime.toString('latin1').replace(/^\./gm, '..')}\r\n.\r\n`, 'latin1');

async function round(
  platform: Embedded,
  send: (i: number) => Promise<void>,
  range: { from: number; n: number; window: number; profile?: string },
) {
  const expected = platform.sandbox.sink.count() + range.n;
  const stopProfile = range.profile ? await profileWindow(range.profile) : async () => undefined;
  const start = performance.now();
  await windowed(range.n, range.window, (i) => send(range.from + i));
  const accepted = performance.now();
  const delivered = await sinkReaches(platform.sandbox.sink, expected, 300_000);
  await stopProfile();
  return { accepted: (accepted - start) / 1000, delivered: (delivered - start) / 1000 };
}

/** SMTP submission against POST /emails on one embedded platform, in alternating rounds so neither runs on a store the other grew. */
export async function smtpAgainstApi(n: number, rounds: number, window: number): Promise<{ smtp: PathFigure; api: PathFigure }> {
  const { platform, stop } = await startBenchEmbedded('mailplane-bench-smtp-', {
    SMTP_SUBMISSION_MAX_CONNECTIONS_PER_CLIENT: String(window),
  });
  const client = jsonClient(platform.url, window);
  try {
    const { auth, domain } = await tenantWithIdentity(client, (name, value) => platform.sandbox.dns.setTxt(name, [value]));
    const sessions = await smtpSessions(platform, auth.authorization.slice('Bearer '.length), window);
    // Each message made before the clock starts, both ways: what an application spends composing it is not the platform's.
    const total = 2 * window + 2 * n;
    const mime = await Promise.all(
      Array.from({ length: total }, async (_, i) => asData(await new MailComposer(payload(i - 2 * window, domain)).compile().build())),
    );
    const json = Array.from({ length: total }, (_, i) => payload(i - 2 * window, domain));
    const viaSmtp = async (i: number) => {
      const reply = await sessions.send(`bench@${domain}`, payload(i, domain).to, mime[i + 2 * window]);
      if (!reply.startsWith('250 ')) throw new Error(`SMTP #${i} answered ${reply}`);
    };
    const viaApi = async (i: number) => {
      // With an Idempotency-Key, as the SDK sends every send, and as a message's Message-ID keys it over SMTP.
      const res = await client.call('POST', '/emails', { ...auth, 'idempotency-key': `bench-${i}` }, json[i + 2 * window]);
      if (res.status !== 202) throw new Error(`POST /emails #${i} answered ${res.status}: ${JSON.stringify(res.body)}`);
    };
    // Warm: every pooled SMTP connection open and authenticated, every keep-alive socket open, as in steady sending.
    await round(platform, viaSmtp, { from: -2 * window, n: window, window });
    await round(platform, viaApi, { from: -window, n: window, window });
    platform.sandbox.sink.clear();
    const per = Math.ceil(n / rounds);
    const smtp = { n: 0, acceptedSeconds: 0, deliveredSeconds: 0 };
    const api = { n: 0, acceptedSeconds: 0, deliveredSeconds: 0 };
    for (let r = 0; r < rounds; r++) {
      const profile = (name: string) => (r === 0 ? name : undefined);
      const bySmtp = await round(platform, viaSmtp, { from: 2 * r * per, n: per, window, profile: profile('smtp-submission') });
      const byApi = await round(platform, viaApi, { from: (2 * r + 1) * per, n: per, window, profile: profile('post-emails') });
      Object.assign(smtp, {
        n: smtp.n + per,
        acceptedSeconds: smtp.acceptedSeconds + bySmtp.accepted,
        deliveredSeconds: smtp.deliveredSeconds + bySmtp.delivered,
      });
      Object.assign(api, {
        n: api.n + per,
        acceptedSeconds: api.acceptedSeconds + byApi.accepted,
        deliveredSeconds: api.deliveredSeconds + byApi.delivered,
      });
      process.stdout.write('.');
    }
    sessions.close();
    assertSigned(platform.sandbox.sink, 'smtp part');
    return { smtp, api };
  } finally {
    client.close();
    await stop();
  }
}

/** path | N | all accepted after | accepted/s | all delivered after | delivered/s | ratio (SMTP ÷ API, delivered). */
export function smtpTable({ smtp, api }: { smtp: PathFigure; api: PathFigure }): string {
  const row = (name: string, f: PathFigure) => [
    name,
    String(f.n),
    `${f.acceptedSeconds.toFixed(2)} s`,
    (f.n / f.acceptedSeconds).toFixed(1),
    `${f.deliveredSeconds.toFixed(2)} s`,
    (f.n / f.deliveredSeconds).toFixed(1),
    (f.n / f.deliveredSeconds / (api.n / api.deliveredSeconds)).toFixed(2),
  ];
  return markdownTable(
    ['path', 'N', 'all accepted after', 'accepted/s', 'all delivered after', 'delivered/s', 'ratio vs POST /emails'],
    [row('POST /emails', api), row('SMTP submission', smtp)],
  );
}
