import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { startSmtpSink, type SmtpSink } from '../sandbox/smtp-sink';
import { auth, headerOf, waitForSending } from './support/mail';
import { BANNER_API_KEY, spawnEmbedded, type ServiceProcess } from './support/processes';
import { removeDir } from './support/platform';

// The embedded default keeps its queue in memory: a killed process loses the queue, never the mail.
describe('embedded default killed mid-delivery', () => {
  let dataDir: string;
  let sink: SmtpSink;
  let proc: ServiceProcess | null = null;

  const start = async () => {
    proc = spawnEmbedded({
      DATA_DIR: dataDir,
      PORT: '0',
      SANDBOX_PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      SEND_LEASE_MS: '2000',
      OUTBOX_SWEEP_MS: '200',
      SEND_RATE_LIMIT: '1000',
    });
    const url = (await proc.waitForOutput(/running at (http:\/\/\S+)/, 60_000))[1];
    return { url, output: proc.output() };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-crash-'));
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await proc?.kill();
    await sink.stop();
    removeDir(dataDir);
  });

  it('when the process is SIGKILLed with messages queued and in flight, then after a restart every accepted message reaches the MTA and ends sent', async () => {
    const first = await start();
    const key = (await proc!.waitForOutput(BANNER_API_KEY))[1];
    // The MTA holds every message for a minute: whatever the machine's speed, the kill finds mail in flight.
    sink.behaviour.setDelay(60_000);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await request(first.url)
        .post('/emails')
        .set(auth(key))
        .send({ from: 'hello@sandbox.mailplane.test', to: `r${i}@example.org`, subject: `crash ${i}`, text: 'x' });
      expect(res.status).toBe(202);
      ids.push(res.body.id);
    }
    await waitForSending(first.url, key);
    await proc!.kill('SIGKILL');
    const arrived = (id: string) => sink.messages().some((m) => headerOf(m, 'X-Mailplane-Message-Id') === id);
    expect(ids.filter((id) => !arrived(id)).length).toBeGreaterThan(0);

    sink.behaviour.setDelay(0);
    const { url } = await start();
    for (const id of ids) await sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === id, 20_000);
    for (const id of ids) {
      const deadline = Date.now() + 10_000;
      let status = '';
      while (status !== 'sent' && Date.now() < deadline) {
        status = (await request(url).get(`/emails/${id}`).set(auth(key))).body.status;
        if (status !== 'sent') await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe('sent');
    }
  }, 90_000);
});
