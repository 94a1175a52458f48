import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { spawnService, type ServiceProcess } from '../../../test/support/processes';
import { tenantWithDomain } from '../../../test/support/mail';
import { removeDir, startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { signIn } from '../../../test/support/dashboard-sign-in';

let platform: TestPlatform;
let dashboard: ServiceProcess;
let url: string;
const dataDir = mkdtempSync(path.join(tmpdir(), 'dashboard-alone-'));
beforeAll(async () => {
  platform = await startTestPlatform();
  // The distributed mode's own process (`bin/service.ts dashboard`), pointed at a gateway by API_URL.
  dashboard = spawnService('dashboard', {
    API_URL: platform.url,
    PORT: '0',
    HOST: '127.0.0.1',
    DASHBOARD_SECURE_COOKIES: 'false',
    DASHBOARD_SESSION_SECRET: 'standalone-session-secret-0123456789abcdef',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  });
  url = (await dashboard.waitForOutput(/dashboard started at (\S+)/, 60_000))[1];
}, 90_000);
afterAll(async () => {
  await dashboard?.kill();
  await platform.stop();
  removeDir(dataDir);
});

describe('the dashboard as its own process', () => {
  it('when it runs apart from the platform, then a tenant signs in through it and reads the emails the API holds', async () => {
    const t = await tenantWithDomain(platform);
    await request(platform.url).post('/emails/test').set('Authorization', `Bearer ${t.key}`).send({ to: 'r@example.org' }).expect(202);
    const session = await signIn(url, t.key);
    expect(session.status).toBe(303);
    expect(session.html).toContain('Mailplane test email');
    expect(session.html).not.toContain(t.key);
  });

  it("when the list's filters come in its query string, then a status filters it and what the form could not send is left out", async () => {
    const t = await tenantWithDomain(platform);
    await request(platform.url).post('/emails/test').set('Authorization', `Bearer ${t.key}`).send({ to: 'r@example.org' }).expect(202);
    const { cookie } = await signIn(url, t.key);
    const list = (query: string) => request(url).get(`/emails?${query}`).set('Cookie', cookie).expect(200);
    expect((await list('status=complained')).text).not.toContain('Mailplane test email');
    expect((await list('status=complained&status=sent&offset=-3&q=&identityId[a]=b')).text).toContain('Mailplane test email');
    expect((await list('status=nonsense&offset=ten')).text).toContain('Mailplane test email');
  });

  it('when a load balancer or an orchestrator probes it, then /healthz and /readyz answer 200 without a session', async () => {
    expect((await request(url).get('/healthz').expect(200)).body).toEqual({ status: 'ok' });
    expect((await request(url).get('/readyz').expect(200)).body).toEqual({ status: 'ready', checks: { 'dashboard.store': 'up' } });
  });

  it('when it gets SIGTERM, then it exits 0', async () => {
    const other = spawnService('dashboard', {
      API_URL: platform.url,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DASHBOARD_SESSION_SECRET: 'standalone-session-secret-0123456789abcdef',
      DATA_DIR: dataDir,
    });
    await other.waitForOutput(/dashboard started/, 60_000);
    const exited = new Promise((resolve) => other.child.once('exit', resolve));
    other.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);

  it('when it is started without API_URL or DASHBOARD_SESSION_SECRET, then it refuses to start naming the variable', async () => {
    const bad = spawnService('dashboard', { PORT: '0', LOG_LEVEL: 'silent' });
    await expect(bad.waitForOutput(/dashboard started/, 30_000)).rejects.toThrow(/exited \(1\)/);
    expect(bad.output()).toMatch(/API_URL/);
    const noSecret = spawnService('dashboard', { API_URL: platform.url, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    await expect(noSecret.waitForOutput(/dashboard started/, 30_000)).rejects.toThrow(/exited \(1\)/);
    expect(noSecret.output()).toMatch(/DASHBOARD_SESSION_SECRET/);
  });
});
