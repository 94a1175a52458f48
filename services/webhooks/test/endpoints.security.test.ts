import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { systemClock } from '@mailplane/runtime';
import { openKeyBox } from '@mailplane/secrets';
import { createStore } from '@mailplane/store';
import type { EndpointRecord } from '../src/data-access/endpoints-repo';
import { signingSecrets } from '../src/domain/endpoints';
import { expectProblem } from '../../../test/support/contract';
import { auth } from '../../../test/support/mail';
import { removeDir, startTestPlatform, sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();
let key: string;
let other: string;
beforeAll(async () => {
  ({ key } = await platform.newTenant('owner'));
  ({ key: other } = await platform.newTenant('another tenant'));
});

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

describe('signing secrets at rest', () => {
  it("when an endpoint's sealed secret is copied into another endpoint's record, then it does not open there", async () => {
    const own = await startTestPlatform();
    const endpointOf = async (name: string) => {
      const tenant = await own.newTenant(name);
      const res = await request(own.url)
        .post('/webhooks/endpoints')
        .set(auth(tenant.key))
        .send({ url: 'https://x.example.com/', eventTypes: ['*'] });
      return res.body as { id: string; secret: string };
    };
    const [a, b] = [await endpointOf('a'), await endpointOf('b')];
    await own.stop({ keepData: true });
    const store = await createStore({ dir: path.join(own.dataDir, 'webhooks') });
    try {
      const endpoints = store.collection<EndpointRecord>('endpoints');
      const first = (await endpoints.findOne({ _id: a.id }))!;
      await endpoints.updateOne({ _id: b.id }, { $set: { secrets: first.secrets } });
      const copied = (await endpoints.findOne({ _id: b.id }))!;
      // The box as webhooks builds it, from the secret the embedded default keeps beside its data.
      const keyBox = await openKeyBox(readFileSync(path.join(own.dataDir, 'webhook-secret-key'), 'utf8').trim(), 'webhook-secrets');
      expect(signingSecrets({ clock: systemClock, keyBox }, first)).toEqual([a.secret]);
      expect(() => signingSecrets({ clock: systemClock, keyBox }, copied)).toThrow(
        expect.objectContaining({ code: 'KEY_BOX_AUTH_FAILED' }),
      );
    } finally {
      await store.close();
      removeDir(own.dataDir);
    }
  });
});
