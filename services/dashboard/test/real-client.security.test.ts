import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { spawnService } from '../../../test/support/processes';
import { freshEmail, newOwner, PASSWORD, bearer } from '../../../test/support/members';
import { removeDir, startTestPlatform, type TestPlatform } from '../../../test/support/platform';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** A browser on a loopback address of its own (one client to per-address rules): keeps its cookies, sends forms. */
function browserAt(dashboardUrl: string, localAddress: string, userAgent = BROWSER, extra: Record<string, string> = {}) {
  const cookies = new Map<string, string>();
  const send = (method: string, path: string, form?: Record<string, string>) =>
    new Promise<{ status: number; location: string | undefined; text: string }>((resolve, reject) => {
      const body = form ? new URLSearchParams(form).toString() : undefined;
      const headers: Record<string, string> = {
        ...extra,
        'user-agent': userAgent,
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      };
      if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
      const req = http.request(new URL(path, dashboardUrl), { method, localAddress, headers }, (res) => {
        for (const c of res.headers['set-cookie'] ?? []) {
          const [pair] = c.split(';');
          cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)![1];
  return {
    /** The sign-in form, filled and sent as a person would. */
    async signIn(email: string, password: string) {
      const form = await send('GET', '/sign-in');
      return send('POST', '/sign-in', { csrf: csrfOf(form.text), email, password });
    },
    /** A form of a signed-in page: the page's CSRF token, then the POST. */
    async submit(page: string, path: string, form: Record<string, string>) {
      const shown = await send('GET', page);
      return send('POST', path, { csrf: csrfOf(shown.text), ...form });
    },
  };
}

describe('sign-in through the dashboard counts the browser, not the dashboard', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(() => platform.stop());

  it("when a stranger fails 50 dashboard sign-ins with random emails and the owner's, then the owner signs in through the dashboard from another address, and the stranger is refused even with the right password", async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const stranger = browserAt(platform.dashboardUrl, '127.0.0.2');
    const pages = [];
    for (let i = 0; i < 25; i++) pages.push(await stranger.signIn(freshEmail('random'), `guess ${i}`));
    for (let i = 0; i < 25; i++) pages.push(await stranger.signIn(owner.email, `guess ${i}`));
    expect(pages.every((p) => p.status === 401)).toBe(true);
    expect(pages.slice(0, 10).every((p) => p.text.includes('Wrong email address or password'))).toBe(true);
    expect(pages.slice(10).every((p) => p.text.includes('Too many failed sign-ins'))).toBe(true);

    const signedIn = await browserAt(platform.dashboardUrl, '127.0.0.3').signIn(owner.email, PASSWORD);
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toMatch(/\/overview$/);
    const refused = await stranger.signIn(owner.email, PASSWORD);
    expect(refused.status).toBe(401);
    expect(refused.text).toContain('Too many failed sign-ins');
  });

  it("when a member signs in and creates a key through the dashboard, then both audit records name the browser's address and user agent, not the dashboard's", async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const browser = browserAt(platform.dashboardUrl, '127.0.0.4');
    expect((await browser.signIn(owner.email, PASSWORD)).status).toBe(303);
    expect((await browser.submit('/api-keys', '/api-keys', { name: 'from the browser', permission: 'sending' })).status).toBe(201);

    const log = await request(platform.url).get('/audit-log').query({ limit: 50 }).set(bearer(owner.token)).expect(200);
    // The owner's own records: the tenant's first key was the operator's, the owner's first sign-in the test's own.
    const records = (log.body.data as Array<{ operationId: string; ip: string; userAgent: string; actor: { type: string } }>).filter(
      (r) =>
        r.actor.type === 'member' && (r.operationId === 'createApiKey' || (r.operationId === 'createSession' && r.userAgent === BROWSER)),
    );
    expect(records.map((r) => r.operationId).sort()).toEqual(['createApiKey', 'createSession']);
    for (const r of records) expect({ ip: r.ip, userAgent: r.userAgent }).toEqual({ ip: '127.0.0.4', userAgent: BROWSER });
  });
});

describe('the dashboard as its own process, behind a load balancer', () => {
  const HOP_SECRET = 'standalone-hop-secret-0123456789abcdef0123';
  let platform: TestPlatform;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dashboard-hop-'));
  beforeAll(async () => {
    platform = await startTestPlatform({ DASHBOARD_HOP_SECRET: HOP_SECRET });
  });
  afterAll(async () => {
    await platform.stop();
    removeDir(dataDir);
  });

  it("when HAProxy (a trusted proxy) names the browser in X-Forwarded-For, then the gateway's record of the sign-in names that browser, proven by DASHBOARD_HOP_SECRET", async () => {
    // The distributed mode's process (`bin/service.ts dashboard`): the balancer on loopback is its trusted proxy.
    const dashboard = spawnService('dashboard', {
      API_URL: platform.url,
      PORT: '0',
      HOST: '127.0.0.1',
      DASHBOARD_SECURE_COOKIES: 'false',
      DASHBOARD_SESSION_SECRET: 'standalone-session-secret-0123456789abcdef',
      DASHBOARD_HOP_SECRET: HOP_SECRET,
      TRUSTED_PROXIES: 'loopback',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    });
    try {
      const url = (await dashboard.waitForOutput(/dashboard started at (\S+)/, 60_000))[1];
      const owner = await newOwner(platform, (await platform.newTenant()).tenantId);
      const browser = browserAt(url, '127.0.0.5', BROWSER, { 'x-forwarded-for': '198.51.100.44' });
      expect((await browser.signIn(owner.email, PASSWORD)).status).toBe(303);
      const log = await request(platform.url)
        .get('/audit-log')
        .query({ operationId: 'createSession' })
        .set(bearer(owner.token))
        .expect(200);
      const viaDashboard = (log.body.data as Array<{ ip: string; userAgent: string }>).filter((r) => r.userAgent === BROWSER);
      expect(viaDashboard.map((r) => r.ip)).toEqual(['198.51.100.44']);
    } finally {
      await dashboard.kill();
    }
  }, 90_000);
});
