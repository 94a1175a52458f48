import request from 'supertest';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { eventually } from '../../../test/support/eventually';
import { auth } from '../../../test/support/mail';
import { ADMIN_TOKEN, sharedPlatform } from '../../../test/support/platform';

const FREE_LIMIT = 5;
const OTHER_PLANS_LIMIT = 10;

const platform = sharedPlatform();

const create = (key: string, disabled = false) =>
  request(platform.url)
    .post('/webhooks/endpoints')
    .set(auth(key))
    .send({ url: 'https://hooks.example.com/', eventTypes: ['*'], disabled });
const total = async (key: string) => (await request(platform.url).get('/webhooks/endpoints').set(auth(key))).body.total as number;

describe("the plan's number of webhook endpoints", () => {
  it('when a free tenant asks for one endpoint more than its plan allows, disabled ones counted, then 422 endpoint_limit_reached and nothing is created', async () => {
    const { key } = await platform.newTenant();
    for (let i = 0; i < FREE_LIMIT; i++) {
      const created = await create(key, i % 2 === 0);
      expect(created.status).toBe(201);
      expectContract(created, 'createWebhookEndpoint');
    }
    const refused = await create(key);
    expectProblem(refused, 422, 'endpoint_limit_reached', 'createWebhookEndpoint');
    expect(refused.body).toMatchObject({ limit: FREE_LIMIT, plan: 'free' });
    expect(await total(key)).toBe(FREE_LIMIT);
  });

  it('when 20 creations race, then exactly the number the plan allows are created', async () => {
    const { key } = await platform.newTenant();
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(key)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(FREE_LIMIT);
    for (const refused of answers.filter((a) => a.status !== 201))
      expectProblem(refused, 422, 'endpoint_limit_reached', 'createWebhookEndpoint');
    expect(await total(key)).toBe(FREE_LIMIT);
  });

  it('when a deleted endpoint frees a place, or billing announces a larger plan, then the tenant may create up to its new limit', async () => {
    const { tenantId, key } = await platform.newTenant();
    const created: string[] = [];
    for (let i = 0; i < FREE_LIMIT; i++) created.push((await create(key)).body.id);
    await request(platform.url).delete(`/webhooks/endpoints/${created[0]}`).set(auth(key)).expect(204);
    await create(key).expect(201);
    await create(key).expect(422);
    await request(platform.url)
      .post(`/admin/tenants/${tenantId}/grant`)
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .send({ plan: 'partner' })
      .expect(200);
    // The plan reaches the webhooks service as billing's entitlement.changed; until then one more is refused.
    await eventually(async () => (await create(key)).status === 201, 'the partner plan to apply');
    while ((await create(key)).status === 201);
    const refused = await create(key);
    expectProblem(refused, 422, 'endpoint_limit_reached', 'createWebhookEndpoint');
    expect(refused.body).toMatchObject({ limit: OTHER_PLANS_LIMIT, plan: 'partner' });
    expect(await total(key)).toBe(OTHER_PLANS_LIMIT);
  });
});
