import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { auth } from '../../../test/support/mail';
import { sharedPlatform, sharedTenant } from '../../../test/support/platform';

const platform = sharedPlatform();
const tenant = sharedTenant(platform);

const create = (body: object, apiKey = tenant.key) => request(platform.url).post('/webhooks/endpoints').set(auth(apiKey)).send(body);

describe('webhook endpoints, refused', () => {
  it.each([
    ['a plain-http URL to another host', { url: 'http://hooks.example.com/', eventTypes: ['*'] }],
    ['an unknown event type', { url: 'https://x.example.com/', eventTypes: ['email.teleported'] }],
    ['no event types', { url: 'https://x.example.com/', eventTypes: [] }],
    ['no URL', { eventTypes: ['*'] }],
    ['an unknown field', { url: 'https://x.example.com/', eventTypes: ['*'], secret: 'whsec_x' }],
  ])('when the endpoint has %s, then 400 and nothing is created', async (_label, body) => {
    const before = (await request(platform.url).get('/webhooks/endpoints').set(auth(tenant.key))).body.total;
    expectProblem(await create(body), 400, 'validation_failed', 'createWebhookEndpoint');
    expect((await request(platform.url).get('/webhooks/endpoints').set(auth(tenant.key))).body.total).toBe(before);
  });

  it('when an update is empty, then 400', async () => {
    const created = (await create({ url: 'https://e.example.com/', eventTypes: ['*'] })).body;
    expectProblem(
      await request(platform.url).patch(`/webhooks/endpoints/${created.id}`).set(auth(tenant.key)).send({}),
      400,
      'validation_failed',
      'updateWebhookEndpoint',
    );
  });
  it('when an endpoint was deleted, then 404 on every route', async () => {
    const created = (await create({ url: 'https://d.example.com/', eventTypes: ['*'] })).body;
    await request(platform.url).delete(`/webhooks/endpoints/${created.id}`).set(auth(tenant.key)).expect(204);
    const at = `/webhooks/endpoints/${created.id}`;
    expectProblem(await request(platform.url).get(at).set(auth(tenant.key)), 404, 'not_found', 'getWebhookEndpoint');
    expectProblem(
      await request(platform.url).patch(at).set(auth(tenant.key)).send({ description: 'x' }),
      404,
      'not_found',
      'updateWebhookEndpoint',
    );
    expectProblem(await request(platform.url).delete(at).set(auth(tenant.key)), 404, 'not_found', 'deleteWebhookEndpoint');
    expectProblem(
      await request(platform.url).post(`${at}/rotate-secret`).set(auth(tenant.key)),
      404,
      'not_found',
      'rotateWebhookEndpointSecret',
    );
  });
});
