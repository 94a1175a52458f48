import request from 'supertest';
import { validateMessage } from '@mailplane/contracts';
import { adminCommand } from '../../../platform/admin-cli';
import { wholeLog } from '../../../test/support/audit';
import { expectContract } from '../../../test/support/contract';
import { sharedEvents } from '../../../test/support/events';
import { eventually } from '../../../test/support/eventually';
import { auth, headerOf, tenantWithDomain, waitForStatus, sendEmail } from '../../../test/support/mail';
import { scrape } from '../../../test/support/metrics';
import { submissionTransport } from '../../../test/support/submission';
import { ADMIN_TOKEN, sharedPlatform } from '../../../test/support/platform';
import { signIn } from '../../../test/support/dashboard-sign-in';

const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000', REPUTATION_HOLD_RECHECK_MS: '300' });
const events = sharedEvents(platform, ['sending.*']);

const SIM = 'simulator.mailplane.test';
const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };
const held = async () => (await scrape(platform.url)).value('mailplane_delivery_held_total');

describe('an operator pauses and resumes a tenant', () => {
  it('when paused, then mail accepted before is held and goes out after the resume, each change audited and announced once', async () => {
    const t = await tenantWithDomain(platform);
    await sendEmail(platform, t, { to: `bounce@${SIM}` }).expect(202);
    await eventually(async () => (await request(platform.url).get('/reputation').set(auth(t.key))).body.attempted === 1, 'counted');
    const scheduledAt = new Date(Date.now() + 1500).toISOString();
    const later = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ from: `a@${t.domain}`, to: `accept@${SIM}`, subject: 'held', text: 'x', scheduledAt })
      .expect(202);

    const paused = await request(platform.url)
      .post(`/admin/tenants/${t.tenantId}/pause-sending`)
      .set(admin)
      .send({ reason: 'purchased list' });
    expect(paused.status).toBe(200);
    expectContract(paused, 'pauseSending');
    expect(paused.body).toMatchObject({ status: 'paused', reason: 'paused by the operator: purchased list', attempted: 1 });
    const again = await request(platform.url)
      .post(`/admin/tenants/${t.tenantId}/pause-sending`)
      .set(admin)
      .send({ reason: 'twice' })
      .expect(200);
    expect(again.body.reason).toBe('paused by the operator: purchased list');

    const refused = await sendEmail(platform, t, { to: `accept@${SIM}` });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'sending_paused', detail: expect.stringContaining('purchased list') });

    // Its time comes while paused: claimed, put back unattempted, never relayed.
    const heldBefore = await held();
    await eventually(async () => (await held()) > heldBefore, 'the scheduled message held', 10_000);
    const whilePaused = await request(platform.url).get(`/emails/${later.body.id}`).set(auth(t.key)).expect(200);
    expect(whilePaused.body.status).toBe('queued');
    expect(whilePaused.body.attempts).toEqual([]);
    expect(platform.sandbox.sink.messages().some((m) => headerOf(m, 'X-Mailplane-Message-Id') === later.body.id)).toBe(false);

    const resumed = await request(platform.url).post(`/admin/tenants/${t.tenantId}/resume-sending`).set(admin).expect(200);
    expectContract(resumed, 'resumeSending');
    // The window counts from the resume: the bounce before it is forgotten.
    expect(resumed.body).toMatchObject({ status: 'healthy', reason: null, attempted: 0, bounced: 0 });
    await waitForStatus(platform.url, t.key, later.body.id, 'sent', 10_000);
    await sendEmail(platform, t, { to: `accept@${SIM}` }).expect(202);

    await eventually(() => events.seen.filter((e) => e.tenantId === t.tenantId).length === 2, 'two status events');
    const mine = events.seen.filter((e) => e.tenantId === t.tenantId);
    expect(mine.map((e) => e.type)).toEqual(['sending.paused', 'sending.resumed']);
    for (const e of mine) expect(validateMessage(e)).toEqual([]);
    await eventually(
      async () => (await wholeLog(platform.url, t.key)).filter((r) => /Sending$/.test(r.operationId)).length === 2,
      'audited',
    );
    const log = (await wholeLog(platform.url, t.key)).filter((r) => /Sending$/.test(r.operationId));
    expect(log.map((r) => r.operationId).sort()).toEqual(['pauseSending', 'resumeSending']);
    expect(log.every((r) => r.target.id === t.tenantId)).toBe(true);
  });

  it('when paused, then its tenant may cancel a held message, which never goes out and gives its quota back; a sent message is not canceled', async () => {
    const t = await tenantWithDomain(platform);
    const used = async () => (await request(platform.url).get('/billing/state').set(auth(t.key))).body.usage.used as number;
    const send = (subject: string, scheduledAt?: string) =>
      request(platform.url)
        .post('/emails')
        .set(auth(t.key))
        .send({ from: `a@${t.domain}`, to: `accept@${SIM}`, subject, text: 'x', ...(scheduledAt ? { scheduledAt } : {}) })
        .expect(202);
    const sent = await send('sent');
    await waitForStatus(platform.url, t.key, sent.body.id, 'sent');
    const early = await request(platform.url).post(`/emails/${sent.body.id}/cancel`).set(auth(t.key));
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('not_scheduled');
    const soon = new Date(Date.now() + 1000).toISOString();
    const [canceled, kept] = [await send('canceled', soon), await send('kept', soon)];
    await request(platform.url).post(`/admin/tenants/${t.tenantId}/pause-sending`).set(admin).send({ reason: 'list check' }).expect(200);
    const heldBefore = await held();
    await eventually(async () => (await held()) >= heldBefore + 2, 'both held', 10_000);
    const before = await used();

    const res = await request(platform.url).post(`/emails/${canceled.body.id}/cancel`).set(auth(t.key));
    expect(res.status).toBe(200);
    expectContract(res, 'cancelEmail');
    expect(res.body).toMatchObject({ status: 'canceled', attempts: [] });
    expect(await used()).toBe(before - 1);
    // Another tenant cannot cancel it.
    const stranger = await tenantWithDomain(platform);
    const foreign = await request(platform.url).post(`/emails/${kept.body.id}/cancel`).set(auth(stranger.key));
    expect(foreign.status).toBe(404);

    await request(platform.url).post(`/admin/tenants/${t.tenantId}/resume-sending`).set(admin).expect(200);
    await waitForStatus(platform.url, t.key, kept.body.id, 'sent', 10_000);
    const after = await request(platform.url).get(`/emails/${canceled.body.id}`).set(auth(t.key)).expect(200);
    expect(after.body).toMatchObject({ status: 'canceled', attempts: [] });
    expect(platform.sandbox.sink.messages().some((m) => headerOf(m, 'X-Mailplane-Message-Id') === canceled.body.id)).toBe(false);
  });

  it('when a paused tenant submits over SMTP, then a real client gets 554 5.7.1 and nothing is stored', async () => {
    const t = await tenantWithDomain(platform);
    await request(platform.url).post(`/admin/tenants/${t.tenantId}/pause-sending`).set(admin).send({ reason: 'complaints' }).expect(200);
    const transport = submissionTransport(platform.submission, t.key);
    try {
      const refused = await transport.sendMail({ from: `a@${t.domain}`, to: `accept@${SIM}`, subject: 'over smtp', text: 'x' }).then(
        () => null,
        (err: { responseCode?: number; response?: string }) => err,
      );
      expect(refused?.responseCode).toBe(554);
      expect(refused?.response).toMatch(/^554 5\.7\.1 .*paused/);
    } finally {
      transport.close();
    }
    expect((await request(platform.url).get('/emails').set(auth(t.key)).expect(200)).body.data).toEqual([]);
  });

  it('when the admin CLI pauses and resumes, then it says the status', async () => {
    const t = await tenantWithDomain(platform);
    const env = { ADMIN_TOKEN, MAILPLANE_URL: platform.url };
    expect(await adminCommand(['pause-sending', t.tenantId, 'too', 'many', 'bounces'], env)).toMatch(
      /sending paused \(paused by the operator: too many bounces\)/,
    );
    expect(await adminCommand(['resume-sending', t.tenantId], env)).toMatch(/sending healthy/);
  });

  it('when a tenant is paused, then the dashboard shows the status, the reason and the rates on the overview and its own page', async () => {
    const t = await tenantWithDomain(platform);
    await sendEmail(platform, t, { to: `accept@${SIM}` }).expect(202);
    await eventually(async () => (await request(platform.url).get('/reputation').set(auth(t.key))).body.attempted === 1, 'counted');
    const { cookie } = await signIn(platform.dashboardUrl, t.key);
    const dashboard = (path: string) => request(platform.dashboardUrl).get(path).set('Cookie', cookie).expect(200);
    const healthy = await dashboard('/overview');
    expect(healthy.text).toMatch(/<span class="pill status tone-good"\s*id="reputation-status">Healthy<\/span>/);
    expect(healthy.text).toMatch(/Bounce rate<\/span>\s*<span class="metric-value">0 %/);
    expect(healthy.text).not.toContain('reputation-banner');

    await request(platform.url)
      .post(`/admin/tenants/${t.tenantId}/pause-sending`)
      .set(admin)
      .send({ reason: '<b>list</b> bought' })
      .expect(200);
    const overview = await dashboard('/overview');
    expect(overview.text).toContain('id="reputation-banner"');
    expect(overview.text).toContain('Sending is paused');
    expect(overview.text).toContain('&lt;b&gt;list&lt;/b&gt; bought');
    expect(overview.text).not.toContain('<b>list</b>');
    const page = await dashboard('/reputation');
    expect(page.text).toMatch(/<span class="pill status tone-bad"\s*id="reputation-status">Paused<\/span>/);
    expect(page.text).toMatch(new RegExp(`<th scope="row"\\s*>${t.domain.replace(/\./g, '\\.')}</th>`));
    expect(page.text).toContain('aria-current="page"');
  });

  it('when the pause comes without the admin token or without a reason, then it is refused and nothing changes', async () => {
    const t = await tenantWithDomain(platform);
    await request(platform.url).post(`/admin/tenants/${t.tenantId}/pause-sending`).send({ reason: 'x' }).expect(401);
    await request(platform.url).post(`/admin/tenants/${t.tenantId}/pause-sending`).set(auth(t.key)).send({ reason: 'x' }).expect(401);
    const blank = await request(platform.url).post(`/admin/tenants/${t.tenantId}/pause-sending`).set(admin).send({ reason: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.code).toBe('validation_failed');
    await request(platform.url).post(`/admin/tenants/${t.tenantId}/pause-sending`).set(admin).send({}).expect(400);
    expect((await request(platform.url).get('/reputation').set(auth(t.key))).body.status).toBe('healthy');
    await sendEmail(platform, t, { to: `accept@${SIM}` }).expect(202);
  });
});
