import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { expectContract } from './support/contract';
import { BANNER_API_KEY, spawnEmbedded, type ServiceProcess } from './support/processes';
import { removeDir } from './support/platform';
import { submissionTransport } from './support/submission';

// What `npm start` prints is the first thing a new user reads; they copy from it.
describe('the first start of the embedded default', () => {
  let dataDir: string;
  let proc: ServiceProcess | null = null;
  const start = async () => {
    proc = spawnEmbedded({ DATA_DIR: dataDir, PORT: '0', SANDBOX_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
    await proc.waitForOutput(/Try:/, 60_000);
    return proc.output();
  };
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mailplane-first-run-'));
  });
  afterAll(async () => {
    await proc?.kill();
    removeDir(dataDir);
  });

  it('when started on an empty data dir, then the banner gives an export line for the key, the docs URL, and the README send works with it; a restart shows the key no more', async () => {
    const banner = await start();
    const key = BANNER_API_KEY.exec(banner)?.[1];
    expect(key).toMatch(/^mp_/);
    const docs = /API reference:\s+(http:\/\/\S+)\/docs/.exec(banner)?.[1] as string;
    expectContract(await request(docs).get('/docs'), 'showDocs');
    const sent = await request(docs)
      .post('/emails')
      .set('Authorization', `Bearer ${key}`)
      .send({ from: 'hello@sandbox.mailplane.test', to: 'you@example.com', subject: 'Hi', text: 'It works' });
    expectContract(sent, 'sendEmail');
    expect(sent.status).toBe(202);
    // SMTP submission: both ports and the self-signed certificate made under DATA_DIR, as the README's example uses them.
    const [, url, tlsUrl] = /SMTP submission:\s+(smtp:\/\/\S+) \(STARTTLS\) and (smtps:\/\/\S+) \(TLS\)/.exec(banner) ?? [];
    const certFile = /certificate (\S+)/.exec(banner)?.[1];
    expect(certFile).toBe(path.join(dataDir, 'submission-tls', 'cert.pem'));
    const transport = submissionTransport({ url, tlsUrl, certFile }, key as string);
    const info = await transport.sendMail({ from: 'hello@sandbox.mailplane.test', to: 'you@example.com', subject: 'Hi', text: 'It works' });
    transport.close();
    expect(info.response).toMatch(/^250 2\.0\.0 Ok: queued as msg_/);

    await proc!.kill();
    const again = await start();
    expect(again).not.toContain('export MAILPLANE_API_KEY');
    expect(again).not.toContain(key);
    expect(again).toContain('/docs');
  }, 120_000);
});
