import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { auth } from '../../../test/support/mail';
import { sharedPlatform, sharedTenant } from '../../../test/support/platform';

const platform = sharedPlatform();
const tenant = sharedTenant(platform);

const create = (body: object, apiKey = tenant.key) => request(platform.url).post('/webhooks/endpoints').set(auth(apiKey)).send(body);

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

    const read = await request(platform.url).get(`/webhooks/endpoints/${res.body.id}`).set(auth(tenant.key));
    expectContract(read, 'getWebhookEndpoint');
    expect(read.body).toEqual({ ...res.body, secret: undefined });
    const list = await request(platform.url).get('/webhooks/endpoints').set(auth(tenant.key));
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
      .set(auth(tenant.key))
      .send({ disabled: true, eventTypes: ['email.sent'] });
    expect(res.status).toBe(204);
    expectContract(res, 'updateWebhookEndpoint');
    const read = (await request(platform.url).get(`/webhooks/endpoints/${created.id}`).set(auth(tenant.key))).body;
    expect(read).toMatchObject({ url: 'https://a.example.com/', description: 'keep', disabled: true, eventTypes: ['email.sent'] });
    expect(read.updatedAt >= created.updatedAt).toBe(true);
  });

  it('when the secret is rotated, then a new secret and when the old one stops signing', async () => {
    const created = (await create({ url: 'https://r.example.com/', eventTypes: ['*'] })).body;
    const res = await request(platform.url).post(`/webhooks/endpoints/${created.id}/rotate-secret`).set(auth(tenant.key));
    expect(res.status).toBe(200);
    expectContract(res, 'rotateWebhookEndpointSecret');
    expect(res.body.secret).not.toBe(created.secret);
    const overlap = Date.parse(res.body.previousSecretExpiresAt) - Date.now();
    expect(overlap).toBeGreaterThan(23.9 * 3600_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3600_000);
  });

  it('when an endpoint is deleted, then 204 and it is no longer listed', async () => {
    const created = (await create({ url: 'https://d.example.com/', eventTypes: ['*'] })).body;
    const del = await request(platform.url).delete(`/webhooks/endpoints/${created.id}`).set(auth(tenant.key));
    expect(del.status).toBe(204);
    expectContract(del, 'deleteWebhookEndpoint');
    const list = (await request(platform.url).get('/webhooks/endpoints?limit=100').set(auth(tenant.key))).body;
    expect(list.data.map((e: { id: string }) => e.id)).not.toContain(created.id);
  });
});
