import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createStore, type Store } from '@mailplane/store';
import { expectProblem } from '../../../test/support/contract';
import { auth, tenantWithDomain } from '../../../test/support/mail';
import { bearer, newMember, newOwner, PASSWORD } from '../../../test/support/members';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { signIn } from '../../../test/support/dashboard-sign-in';
import { dashboardOn } from './support';

let platform: TestPlatform;
const stores: Store[] = [];
beforeAll(async () => {
  platform = await startTestPlatform({ SEND_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  for (const store of stores) await store.close();
  await platform.stop();
});

/** A dashboard store of the test's own (SQLite in `dir`), closed after the run. */
async function ownStore(dir = mkdtempSync(path.join(tmpdir(), 'dashboard-'))) {
  const store = await createStore({ dir });
  stores.push(store);
  return store;
}

const cookieOf = (res: request.Response, name: string) =>
  ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).find((c) => c.startsWith(`${name}=`));
const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)![1];

describe('dashboard sessions', () => {
  it('when a full-access key signs in, then the session cookie is HttpOnly and SameSite=Strict, and the key appears in no page or URL', async () => {
    const t = await tenantWithDomain(platform);
    const form = await request(platform.dashboardUrl).get('/sign-in');
    const signinCookie = cookieOf(form, 'mp_signin')!;
    expect(signinCookie).toMatch(/HttpOnly/);
    expect(signinCookie).toMatch(/SameSite=Strict/);
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.text)![1];
    const res = await request(platform.dashboardUrl)
      .post('/sign-in')
      .set('Cookie', signinCookie.split(';')[0])
      .type('form')
      .send({ csrf, apiKey: t.key });
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(/\/overview$/);
    const session = cookieOf(res, 'mp_session')!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Strict/);
    expect(session).not.toContain(t.key);
    const page = await request(platform.dashboardUrl).get('/emails').set('Cookie', session.split(';')[0]);
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.text).not.toContain(t.key);
    expect(res.headers.location).not.toContain(t.key);
  });

  it('when a sending-only key, an unknown key or no CSRF token is used to sign in, then no session is made', async () => {
    const t = await tenantWithDomain(platform);
    const created = await request(platform.url)
      .post('/api-keys')
      .set(auth(t.key))
      .send({ name: 'sender', permission: 'sending' })
      .expect(201);
    const restricted = await signIn(platform.dashboardUrl, created.body.key);
    expect(restricted.status).toBe(401);
    expect(restricted.cookie).toBe('');
    expect(restricted.html).toContain('sending-only');
    expect(restricted.html).not.toContain(created.body.key);
    const unknown = await signIn(platform.dashboardUrl, 'mp_live_000000000000000000000000000000000000');
    expect(unknown.status).toBe(401);
    const noToken = await request(platform.dashboardUrl).post('/sign-in').type('form').send({ apiKey: t.key });
    expect(noToken.status).toBe(403);
    expect(cookieOf(noToken, 'mp_session')).toBeUndefined();
  });

  it('when a change is posted without the session CSRF token or with a wrong one, then 403 and nothing is sent', async () => {
    const t = await tenantWithDomain(platform);
    const { cookie, csrf } = await signIn(platform.dashboardUrl, t.key);
    for (const token of [undefined, 'x'.repeat(csrf.length), csrf.slice(1)]) {
      const res = await request(platform.dashboardUrl)
        .post('/emails/test')
        .set('Cookie', cookie)
        .type('form')
        .send({ to: 'r@example.org', ...(token ? { csrf: token } : {}) });
      expect(res.status).toBe(403);
    }
    expect((await request(platform.url).get('/emails').set(auth(t.key))).body.total).toBe(0);
    const ok = await request(platform.dashboardUrl)
      .post('/emails/test')
      .set('Cookie', cookie)
      .type('form')
      .send({ to: 'r@example.org', csrf });
    expect(ok.status).toBe(303);
    expect((await request(platform.url).get('/emails').set(auth(t.key))).body.total).toBe(1);
  });

  it("when another tenant's message id or a made-up path is opened, then the 404 page answers", async () => {
    const owner = await tenantWithDomain(platform);
    const sent = await request(platform.url).post('/emails/test').set(auth(owner.key)).send({ to: 'r@example.org' }).expect(202);
    const other = await tenantWithDomain(platform);
    const { cookie } = await signIn(platform.dashboardUrl, other.key);
    for (const p of [`/emails/${sent.body.id}`, '/emails/not-an-id', '/nowhere']) {
      const res = await request(platform.dashboardUrl).get(p).set('Cookie', cookie);
      expect(res.status).toBe(404);
      expect(res.text).toContain('Not found');
      expect(res.text).not.toContain(sent.body.id.slice(4));
    }
  });

  it('when the key is revoked, then its sessions end at the next page; signing out ends the session', async () => {
    const t = await tenantWithDomain(platform);
    const second = await request(platform.url).post('/api-keys').set(auth(t.key)).send({ name: 'dashboard' }).expect(201);
    const { cookie } = await signIn(platform.dashboardUrl, second.body.key);
    await request(platform.url).delete(`/api-keys/${second.body.id}`).set(auth(t.key)).expect(204);
    const revoked = await request(platform.dashboardUrl).get('/emails').set('Cookie', cookie);
    expect(revoked.status).toBe(303);
    expect(revoked.headers.location).toMatch(/\/sign-in\?expired=1$/);
    expect((await request(platform.dashboardUrl).get('/emails').set('Cookie', cookie)).headers.location).toMatch(/\/sign-in$/);

    const session = await signIn(platform.dashboardUrl, t.key);
    await request(platform.dashboardUrl)
      .post('/sign-out')
      .set('Cookie', session.cookie)
      .type('form')
      .send({ csrf: session.csrf })
      .expect(303);
    expect((await request(platform.dashboardUrl).get('/emails').set('Cookie', session.cookie)).status).toBe(303);
  });

  it('when a sending key made on the API keys page is revoked there, then the API refuses it: restricted while it lived, unauthorized once revoked', async () => {
    const t = await tenantWithDomain(platform);
    const { cookie, csrf } = await signIn(platform.dashboardUrl, t.key);
    const form = (to: string, body: Record<string, string>) =>
      request(platform.dashboardUrl)
        .post(to)
        .set('Cookie', cookie)
        .type('form')
        .send({ csrf, ...body });
    const created = await form('/api-keys', { name: 'ci deploys', permission: 'sending' }).expect(201);
    const key = /<code id="new-key">([^<]+)<\/code>/.exec(created.text)![1];
    const testEmail = () => request(platform.url).post('/emails/test').set(auth(key)).send({ to: 'r@example.org' });
    await testEmail().expect(202);
    expectProblem(await request(platform.url).get('/emails').set(auth(key)), 401, 'restricted_api_key', 'listEmails');
    const keys = await request(platform.url).get('/api-keys').set(auth(t.key)).expect(200);
    const { id } = keys.body.data.find((k: { name: string }) => k.name === 'ci deploys');
    await form(`/api-keys/${id}/revoke`, { confirm: 'yes' }).expect(303);
    expectProblem(await testEmail(), 401, 'unauthorized', 'sendTestEmail');
  });

  it("when an owner removes a member on the Team page, then the member's session is refused at the next request", async () => {
    const { tenantId } = await platform.newTenant();
    const owner = await newOwner(platform, tenantId);
    const viewer = await newMember(platform, owner.token, 'viewer');
    await request(platform.url).get('/me').set(bearer(viewer.token)).expect(200);
    const signInForm = await request(platform.dashboardUrl).get('/sign-in');
    const signedIn = await request(platform.dashboardUrl)
      .post('/sign-in')
      .set('Cookie', cookieOf(signInForm, 'mp_signin')!.split(';')[0])
      .type('form')
      .send({ csrf: csrfOf(signInForm.text), email: owner.email, password: PASSWORD })
      .expect(303);
    const cookie = cookieOf(signedIn, 'mp_session')!.split(';')[0];
    const team = await request(platform.dashboardUrl).get('/team').set('Cookie', cookie).expect(200);
    await request(platform.dashboardUrl)
      .post(`/team/members/${viewer.id}/remove`)
      .set('Cookie', cookie)
      .type('form')
      .send({ csrf: csrfOf(team.text), confirm: 'yes' })
      .expect(303);
    expectProblem(await request(platform.url).get('/me').set(bearer(viewer.token)), 401, 'unauthorized', 'getMe');
  });

  it('when a Cookie header holds a malformed percent-encoding, then the pages still answer and the session still counts', async () => {
    const t = await tenantWithDomain(platform);
    const { cookie } = await signIn(platform.dashboardUrl, t.key);
    const form = await request(platform.dashboardUrl).get('/sign-in').set('Cookie', 'mp_signin=%E0%A4%A; other=%zz');
    expect(form.status).toBe(200);
    const page = await request(platform.dashboardUrl).get('/emails').set('Cookie', `stray=%; ${cookie}; last=%G1`);
    expect(page.status).toBe(200);
  });

  it('when a session is idle past its limit, or older than its absolute limit, then it has ended', async () => {
    const t = await tenantWithDomain(platform);
    let now = Date.now();
    const dashboard = await dashboardOn(await ownStore(), platform.url, { idleMs: 1000, absoluteMs: 5000, perKey: 10 }, () => now);
    const { url } = dashboard;
    try {
      const idle = await signIn(url, t.key);
      expect(idle.cookie).not.toBe('');
      now += 1500;
      expect((await request(url).get('/emails').set('Cookie', idle.cookie)).status).toBe(303);
      const busy = await signIn(url, t.key);
      for (let i = 0; i < 6; i++) {
        now += 900;
        const res = await request(url).get('/emails').set('Cookie', busy.cookie);
        expect(res.status).toBe(i < 5 ? 200 : 303);
      }
      // Served over TLS (secureCookies), the cookie is Secure too.
      const form = await request(url).get('/sign-in');
      expect(cookieOf(form, 'mp_signin')).toMatch(/; Secure/);
    } finally {
      await dashboard.stop();
    }
  });

  it("when a key signs in more times than its cap, then only its own oldest sessions end, never another key's", async () => {
    const [t, other] = [await tenantWithDomain(platform), await tenantWithDomain(platform)];
    const dashboard = await dashboardOn(await ownStore(), platform.url, { idleMs: 60_000, absoluteMs: 600_000, perKey: 3 });
    try {
      const kept = await signIn(dashboard.url, other.key);
      const mine = [];
      for (let i = 0; i < 5; i++) mine.push(await signIn(dashboard.url, t.key));
      const status = async (cookie: string) => (await request(dashboard.url).get('/emails').set('Cookie', cookie)).status;
      expect(await status(kept.cookie)).toBe(200);
      expect(await Promise.all(mine.map((s) => status(s.cookie)))).toEqual([303, 303, 200, 200, 200]);
    } finally {
      await dashboard.stop();
    }
  });

  it('when two dashboards share a store, then a session made on one is honoured and ended on the other, and a revoked key ends it on both', async () => {
    const t = await tenantWithDomain(platform);
    const dir = mkdtempSync(path.join(tmpdir(), 'dashboard-two-'));
    // Two connections to one store, as two dashboard processes would have.
    const [one, two] = [await dashboardOn(await ownStore(dir), platform.url), await dashboardOn(await ownStore(dir), platform.url)];
    try {
      const page = (url: string, cookie: string) => request(url).get('/emails').set('Cookie', cookie);
      const session = await signIn(one.url, t.key);
      expect((await page(two.url, session.cookie)).status).toBe(200);
      await request(two.url).post('/sign-out').set('Cookie', session.cookie).type('form').send({ csrf: session.csrf }).expect(303);
      expect((await page(one.url, session.cookie)).headers.location).toMatch(/\/sign-in$/);

      const second = await request(platform.url).post('/api-keys').set(auth(t.key)).send({ name: 'dashboard' }).expect(201);
      const [a, b] = [await signIn(one.url, second.body.key), await signIn(two.url, second.body.key)];
      await request(platform.url).delete(`/api-keys/${second.body.id}`).set(auth(t.key)).expect(204);
      expect((await page(one.url, a.cookie)).headers.location).toMatch(/\/sign-in\?expired=1$/);
      // Ended by the first dashboard for every session of the key: the second signs it out without asking the API.
      expect((await page(two.url, b.cookie)).headers.location).toMatch(/\/sign-in$/);
    } finally {
      await one.stop();
      await two.stop();
    }
  });
});
