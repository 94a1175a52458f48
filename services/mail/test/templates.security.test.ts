import request from 'supertest';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { auth, tenantWithDomain } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

let platform: TestPlatform;
let owner: Awaited<ReturnType<typeof tenantWithDomain>>;
let stranger: Awaited<ReturnType<typeof tenantWithDomain>>;
let templateId: string;

beforeAll(async () => {
  platform = await startTestPlatform({ SEND_RATE_LIMIT: '1000' });
  owner = await tenantWithDomain(platform);
  stranger = await tenantWithDomain(platform);
  const created = await request(platform.url)
    .post('/templates')
    .set(auth(owner.key))
    .send({ name: 'Secret', alias: 'shared-alias', subject: 'Owner {{ x }}', text: 'owner only' });
  templateId = created.body.id;
  await request(platform.url).post(`/templates/${templateId}/publish`).set(auth(owner.key)).expect(200);
});
afterAll(() => platform.stop());

describe("another tenant's template is as unknown as one that never was", () => {
  it.each([
    ['get', 'getTemplate', (id: string) => request(platform.url).get(`/templates/${id}`)],
    ['patch', 'updateTemplate', (id: string) => request(platform.url).patch(`/templates/${id}`).send({ name: 'mine now' })],
    ['publish', 'publishTemplate', (id: string) => request(platform.url).post(`/templates/${id}/publish`)],
    ['versions', 'listTemplateVersions', (id: string) => request(platform.url).get(`/templates/${id}/versions`)],
    ['a version', 'getTemplateVersion', (id: string) => request(platform.url).get(`/templates/${id}/versions/1`)],
    ['render', 'renderTemplate', (id: string) => request(platform.url).post(`/templates/${id}/render`).send({})],
    ['delete', 'deleteTemplate', (id: string) => request(platform.url).delete(`/templates/${id}`)],
  ])('when a stranger calls %s on it, then 404 and it is unchanged', async (_label, operationId, call) => {
    const res = await call(templateId).set(auth(stranger.key));
    expectProblem(res, 404, 'not_found', operationId);
    const mine = await request(platform.url).get(`/templates/${templateId}`).set(auth(owner.key));
    expect(mine.body).toMatchObject({ name: 'Secret', publishedVersion: 1 });
    expect((await request(platform.url).get('/templates').set(auth(stranger.key))).body.total).toBe(0);
  });

  it.each([
    ['id', () => templateId],
    ['alias', () => 'shared-alias'],
  ])('when a stranger sends with its %s, then 400 template_unavailable and nothing of it is rendered', async (_label, ref) => {
    const res = await request(platform.url)
      .post('/emails')
      .set(auth(stranger.key))
      .send({ from: `a@${stranger.domain}`, to: 'b@example.org', template: ref(), variables: { x: 1 } });
    expectProblem(res, 400, 'template_unavailable', 'sendEmail');
    expect(res.text).not.toContain('owner only');
  });

  it('when two tenants use the same alias, then each sends its own template', async () => {
    const created = await request(platform.url)
      .post('/templates')
      .set(auth(stranger.key))
      .send({ name: 'Mine', alias: 'shared-alias', subject: 'Stranger {{ x }}', text: 'stranger' });
    expectContract(created, 'createTemplate');
    await request(platform.url).post(`/templates/${created.body.id}/publish`).set(auth(stranger.key)).expect(200);
    const sent = await request(platform.url)
      .post('/emails')
      .set(auth(stranger.key))
      .send({ from: `a@${stranger.domain}`, to: 'b@example.org', template: 'shared-alias', variables: { x: 1 } });
    expect(sent.status).toBe(202);
    expect((await request(platform.url).get(`/emails/${sent.body.id}`).set(auth(stranger.key))).body.subject).toBe('Stranger 1');
  });
});

describe('template routes need a full-access key', () => {
  it('when a sending key manages templates, then 401 restricted_api_key; it may still send with one', async () => {
    const created = await request(platform.url).post('/api-keys').set(auth(owner.key)).send({ name: 'sender', permission: 'sending' });
    const sending = created.body.key as string;
    expectProblem(await request(platform.url).get('/templates').set(auth(sending)), 401, 'restricted_api_key', 'listTemplates');
    const render = await request(platform.url).post(`/templates/${templateId}/render`).set(auth(sending)).send({});
    expectProblem(render, 401, 'restricted_api_key', 'renderTemplate');
    const sent = await request(platform.url)
      .post('/emails')
      .set(auth(sending))
      .send({ from: `a@${owner.domain}`, to: 'b@example.org', template: 'shared-alias', variables: { x: 2 } });
    expect(sent.status).toBe(202);
  });
});

describe('a template reaches its variables and nothing else', () => {
  it('when a template tries to read a file, then it is refused when saved', async () => {
    const res = await request(platform.url)
      .post('/templates')
      .set(auth(owner.key))
      .send({ name: 'Reader', subject: 'x', text: '{% render "/etc/passwd" %}' });
    expectProblem(res, 400, 'template_invalid', 'createTemplate');
  });

  it('when a template reaches for the prototype or the process, then the render finds nothing', async () => {
    const created = await request(platform.url)
      .post('/templates')
      .set(auth(owner.key))
      .send({ name: 'Prober', subject: 'x', html: '[{{ process.env }}][{{ __proto__.polluted }}][{{ name.constructor }}]' });
    const res = await request(platform.url)
      .post(`/templates/${created.body.id}/render`)
      .set(auth(owner.key))
      .set('Content-Type', 'application/json')
      // Raw JSON: an own `__proto__` member, as a hostile client would send it.
      .send('{"variables":{"name":"Ada","__proto__":{"polluted":"yes"}}}');
    expectContract(res, 'renderTemplate');
    expect(res.body.html).toBe('[][yes][]');
    expect(res.body.missingVariables).toEqual(['process', 'name.constructor']);
    expect(({} as { polluted?: string }).polluted).toBeUndefined();
  });
});
