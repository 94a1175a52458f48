import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { auth } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

let platform: TestPlatform;
let key: string;
beforeAll(async () => {
  platform = await startTestPlatform();
  ({ key } = await platform.newTenant());
});
afterAll(() => platform.stop());

const create = (body: object, apiKey = key) => request(platform.url).post('/webhooks/endpoints').set(auth(apiKey)).send(body);

describe('webhook endpoints', () => {
  it('when an endpoint is created, then 201 with its secret shown once, stored sealed, never listed or read back', async () => {
    const res = await create({
      url: 'https://hooks.example.com/mailplane',
      eventTypes: ['email.sent', 'email.failed'],
      description: 'prod',
    });
    expect(res.status).toBe(201);
    expectContract(res, 'createWebhookEndpoint');
    expect(res.body).toMatchObject({
      url: 'https://hooks.example.com/mailplane',
      eventTypes: ['email.sent', 'email.failed'],
      description: 'prod',
      disabled: false,
    });
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const read = await request(platform.url).get(`/webhooks/endpoints/${res.body.id}`).set(auth(key));
    expectContract(read, 'getWebhookEndpoint');
    expect(read.body).toEqual({ ...res.body, secret: undefined });
    const list = await request(platform.url).get('/webhooks/endpoints').set(auth(key));
    expectContract(list, 'listWebhookEndpoints');
    expect(list.text).not.toContain(res.body.secret);
    const onDisk = readdirSync(path.join(platform.dataDir, 'webhooks'))
      .map((f) => readFileSync(path.join(platform.dataDir, 'webhooks', f), 'utf8'))
      .join('');
    expect(onDisk).toContain(res.body.id);
    expect(onDisk).not.toContain(res.body.secret.slice('whsec_'.length));
  });

  it('when endpoints are listed, then newest first with limit, offset and total', async () => {
    const { key: own } = await platform.newTenant();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create({ url: `https://h${i}.example.com/`, eventTypes: ['*'] }, own)).body.id);
    const page = await request(platform.url).get('/webhooks/endpoints?limit=2&offset=1').set(auth(own));
    expectContract(page, 'listWebhookEndpoints');
    expect(page.body).toMatchObject({ total: 3, limit: 2, offset: 1 });
    expect(page.body.data.map((e: { id: string }) => e.id)).toEqual([ids[1], ids[0]]);
  });

  it('when an endpoint is updated, then 204 and only the given fields change', async () => {
    const created = (await create({ url: 'https://a.example.com/', eventTypes: ['*'], description: 'keep' })).body;
    const res = await request(platform.url)
      .patch(`/webhooks/endpoints/${created.id}`)
      .set(auth(key))
      .send({ disabled: true, eventTypes: ['email.sent'] });
    expect(res.status).toBe(204);
    expectContract(res, 'updateWebhookEndpoint');
    const read = (await request(platform.url).get(`/webhooks/endpoints/${created.id}`).set(auth(key))).body;
    expect(read).toMatchObject({ url: 'https://a.example.com/', description: 'keep', disabled: true, eventTypes: ['email.sent'] });
    expect(read.updatedAt >= created.updatedAt).toBe(true);
  });

  it('when the secret is rotated, then a new secret and when the old one stops signing', async () => {
    const created = (await create({ url: 'https://r.example.com/', eventTypes: ['*'] })).body;
    const res = await request(platform.url).post(`/webhooks/endpoints/${created.id}/rotate-secret`).set(auth(key));
    expect(res.status).toBe(200);
    expectContract(res, 'rotateWebhookEndpointSecret');
    expect(res.body.secret).not.toBe(created.secret);
    const overlap = Date.parse(res.body.previousSecretExpiresAt) - Date.now();
    expect(overlap).toBeGreaterThan(23.9 * 3600_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3600_000);
  });

  it('when an endpoint is deleted, then 204, and then 404 on every route', async () => {
    const created = (await create({ url: 'https://d.example.com/', eventTypes: ['*'] })).body;
    const del = await request(platform.url).delete(`/webhooks/endpoints/${created.id}`).set(auth(key));
    expect(del.status).toBe(204);
    expectContract(del, 'deleteWebhookEndpoint');
    const at = `/webhooks/endpoints/${created.id}`;
    expectProblem(await request(platform.url).get(at).set(auth(key)), 404, 'not_found', 'getWebhookEndpoint');
    expectProblem(
      await request(platform.url).patch(at).set(auth(key)).send({ description: 'x' }),
      404,
      'not_found',
      'updateWebhookEndpoint',
    );
    expectProblem(await request(platform.url).delete(at).set(auth(key)), 404, 'not_found', 'deleteWebhookEndpoint');
    expectProblem(await request(platform.url).post(`${at}/rotate-secret`).set(auth(key)), 404, 'not_found', 'rotateWebhookEndpointSecret');
  });

  it("when another tenant's endpoint is named, then 404 and it is unchanged", async () => {
    const created = (await create({ url: 'https://mine.example.com/', eventTypes: ['*'] })).body;
    const { key: other } = await platform.newTenant();
    const at = `/webhooks/endpoints/${created.id}`;
    expectProblem(await request(platform.url).get(at).set(auth(other)), 404, 'not_found', 'getWebhookEndpoint');
    expectProblem(
      await request(platform.url).patch(at).set(auth(other)).send({ disabled: true }),
      404,
      'not_found',
      'updateWebhookEndpoint',
    );
    expectProblem(await request(platform.url).delete(at).set(auth(other)), 404, 'not_found', 'deleteWebhookEndpoint');
    expect((await request(platform.url).get(at).set(auth(key))).body.disabled).toBe(false);
    expect((await request(platform.url).get('/webhooks/endpoints').set(auth(other))).body.total).toBe(0);
  });

  it.each([
    ['a plain-http URL to another host', { url: 'http://hooks.example.com/', eventTypes: ['*'] }],
    ['an unknown event type', { url: 'https://x.example.com/', eventTypes: ['email.opened'] }],
    ['no event types', { url: 'https://x.example.com/', eventTypes: [] }],
    ['no URL', { eventTypes: ['*'] }],
    ['an unknown field', { url: 'https://x.example.com/', eventTypes: ['*'], secret: 'whsec_x' }],
  ])('when the endpoint has %s, then 400 and nothing is created', async (_label, body) => {
    const before = (await request(platform.url).get('/webhooks/endpoints').set(auth(key))).body.total;
    expectProblem(await create(body), 400, 'validation_failed', 'createWebhookEndpoint');
    expect((await request(platform.url).get('/webhooks/endpoints').set(auth(key))).body.total).toBe(before);
  });

  it('when an update is empty, then 400', async () => {
    const created = (await create({ url: 'https://e.example.com/', eventTypes: ['*'] })).body;
    expectProblem(
      await request(platform.url).patch(`/webhooks/endpoints/${created.id}`).set(auth(key)).send({}),
      400,
      'validation_failed',
      'updateWebhookEndpoint',
    );
  });
});
