import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { auth } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

let platform: TestPlatform;
let key: string;
let other: string;
beforeAll(async () => {
  platform = await startTestPlatform();
  ({ key } = await platform.newTenant('owner'));
  ({ key: other } = await platform.newTenant('another tenant'));
});
afterAll(() => platform.stop());

const create = (body: object) => request(platform.url).post('/webhooks/endpoints').set(auth(key)).send(body);
const read = (id: string) => request(platform.url).get(`/webhooks/endpoints/${id}`).set(auth(key));

describe("another tenant's webhook endpoint", () => {
  it.each([
    ['read', 'getWebhookEndpoint', (at: string) => request(platform.url).get(at).set(auth(other))],
    ['updated', 'updateWebhookEndpoint', (at: string) => request(platform.url).patch(at).set(auth(other)).send({ disabled: true })],
    ['deleted', 'deleteWebhookEndpoint', (at: string) => request(platform.url).delete(at).set(auth(other))],
    ['rotated', 'rotateWebhookEndpointSecret', (at: string) => request(platform.url).post(`${at}/rotate-secret`).set(auth(other))],
  ])('when its id is %s, then 404 not_found and it is unchanged', async (_label, operationId, call) => {
    const created = (await create({ url: 'https://mine.example.com/', eventTypes: ['*'] })).body;
    const before = (await read(created.id)).body;
    expectProblem(await call(`/webhooks/endpoints/${created.id}`), 404, 'not_found', operationId);
    // A rotation or an update would have moved updatedAt; a deletion would make this a 404.
    expect((await read(created.id)).body).toEqual(before);
  });

  it('when another tenant lists endpoints, then none of ours are there', async () => {
    await create({ url: 'https://listed.example.com/', eventTypes: ['*'] }).expect(201);
    expect((await request(platform.url).get('/webhooks/endpoints').set(auth(other))).body).toMatchObject({ total: 0, data: [] });
  });
});
