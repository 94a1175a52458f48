import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import request from 'supertest';
import { haproxyBinary } from '../platform/cluster/haproxy';
import { expectContract } from './support/contract';
import { banner } from './support/global-setup';
import { postgresBinaries } from './support/postgres';
import { processesGone, processesOf, stillRunning } from './support/process-table';
import { BANNER_API_KEY, spawnNpmScript, type ServiceProcess } from './support/processes';
import { removeDataDir } from './support/platform';
import { rabbitBinary } from './support/rabbitmq';
import { submissionTransport } from './support/submission';

const clusterTools = Boolean(rabbitBinary() && postgresBinaries() && haproxyBinary(process.env.PATH));
if (!clusterTools && process.env.CI === 'true')
  throw new Error('npm run start:cluster needs rabbitmq-server, postgresql and haproxy under CI');
if (!clusterTools)
  process.stderr.write(banner('SKIPPED the first start of the cluster: rabbitmq-server, postgresql or haproxy is missing'));

// Each as a newcomer runs it, through npm in a terminal, and stops it with Ctrl-C.
const launchers = [
  { name: 'the embedded default (npm start)', script: 'start', startMs: 60_000, run: true },
  // Its own RabbitMQ and PostgreSQL under DATA_DIR: neither AMQP_URL nor DATABASE_URL.
  { name: 'the cluster (npm run start:cluster)', script: 'start:cluster', startMs: 240_000, run: clusterTools },
];

// What a start prints is the first thing a new user reads; they copy from it.
describe.each(launchers)('the first start of $name', ({ script, startMs, run }) => {
  let dataDir: string;
  let proc: ServiceProcess | null = null;
  // Every process of the last start: its job and every one the banner lists (RabbitMQ's is a process group).
  let listed: string[] = [];
  const start = async () => {
    proc = spawnNpmScript(script, { DATA_DIR: dataDir, PORT: '0', SANDBOX_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
    await proc.waitForOutput(/Try:/, startMs);
    const banner = proc.output();
    listed = processesOf([proc.child.pid!, ...[...banner.matchAll(/^ {4}\S+(?: \d+)?\s+pid (\d+) /gm)].map((m) => Number(m[1]))]);
    return banner;
  };
  const send = (url: string, key: string) =>
    request(url)
      .post('/emails')
      .set('Authorization', `Bearer ${key}`)
      .send({ from: 'hello@sandbox.mailplane.test', to: 'you@example.com', subject: 'Hi', text: 'It works' });
  beforeAll(() => {
    // As `mktemp -d` makes it (0700): PostgreSQL, run as its own user when we are root, keeps its data elsewhere then.
    dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-first-run-'));
  });
  afterAll(async () => {
    await proc?.kill();
    await processesGone(listed);
    removeDataDir(dataDir);
  });

  (run ? it : it.skip)(
    'when started on an empty data dir, then the banner gives an export line for the key, the docs URL, and the README send works with it, and mail sent to the Inbound mail listener it names reaches the sandbox tenant; Ctrl-C stops it and leaves no process behind; a restart keeps the data and shows the key no more',
    async () => {
      const banner = await start();
      const key = BANNER_API_KEY.exec(banner)?.[1];
      expect(key).toMatch(/^mp_/);
      expect(banner).toContain(`Ctrl-C stops it; the data stays in ${dataDir}`);
      const docs = /API reference:\s+(http:\/\/\S+)\/docs/.exec(banner)?.[1] as string;
      expectContract(await request(docs).get('/docs'), 'showDocs');
      const sent = await send(docs, key!);
      expectContract(sent, 'sendEmail');
      expect(sent.status).toBe(202);
      // SMTP submission: both ports and the self-signed certificate made under DATA_DIR, as the README's example uses them.
      const [, url, tlsUrl] = /SMTP submission:\s+(smtp:\/\/\S+) \(STARTTLS\) and (smtps:\/\/\S+) \(TLS\)/.exec(banner) ?? [];
      const certFile = /certificate (\S+)/.exec(banner)?.[1];
      expect(certFile).toBe(path.join(dataDir, 'submission-tls', 'cert.pem'));
      const transport = submissionTransport({ url, tlsUrl, certFile }, key as string);
      const info = await transport.sendMail({
        from: 'hello@sandbox.mailplane.test',
        to: 'you@example.com',
        subject: 'Hi',
        text: 'It works',
      });
      transport.close();
      expect(info.response).toMatch(/^250 2\.0\.0 Ok: queued as msg_/);
      // Inbound mail: the sandbox domain receives at the listener the banner names, as a remote MTA would deliver.
      const inbound = new URL(/Inbound mail:\s+(smtp:\/\/\S+)/.exec(banner)?.[1] as string);
      const mta = nodemailer.createTransport({ host: inbound.hostname, port: Number(inbound.port), tls: { rejectUnauthorized: false } });
      const received = await mta.sendMail({
        from: 'jo@customer.example',
        to: 'hello@sandbox.mailplane.test',
        subject: 'Hi back',
        text: 'x',
      });
      mta.close();
      expect(received.response).toMatch(/^250 2\.0\.0 Ok: inb_/);
      const inboundList = await request(docs).get('/inbound/messages').set('Authorization', `Bearer ${key}`);
      expect(inboundList.body.data).toEqual([expect.objectContaining({ subject: 'Hi back' })]);
      await proc!.kill('SIGINT');
      // npm ends by the signal it forwarded, as its convention is; what it ran stopped in order, not cut short.
      expect({ signal: proc!.child.signalCode, said: proc!.output() }).toEqual({
        signal: 'SIGINT',
        said: expect.not.stringMatching(/exiting now|stop failed/),
      });
      // Every process of its job and every one the cluster listed is gone (RabbitMQ's is a process group, with its
      // epmd): none outlives a stop.
      expect(stillRunning(listed)).toEqual([]);
      const again = await start();
      expect(again).not.toContain('export MAILPLANE_API_KEY');
      expect(again).not.toContain(key);
      const apiUrl = /API reference:\s+(http:\/\/\S+)\/docs/.exec(again)?.[1] as string;
      expect((await send(apiUrl, key!)).status).toBe(202);
      expect((await request(apiUrl).get('/emails?limit=1').set('Authorization', `Bearer ${key}`)).body.total).toBe(3);
    },
    600_000,
  );
});
