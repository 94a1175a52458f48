import request from 'supertest';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { auth, expectEachToSendNothing, tenantWithDomain } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

let platform: TestPlatform;
let t: Awaited<ReturnType<typeof tenantWithDomain>>;
let published: string;
let draftOnly: string;

beforeAll(async () => {
  platform = await startTestPlatform({ SEND_RATE_LIMIT: '1000' });
  t = await tenantWithDomain(platform);
  const make = async (alias: string) =>
    (
      await request(platform.url)
        .post('/templates')
        .set(auth(t.key))
        .send({ name: alias, alias, subject: 'For {{ name }}', html: '<p>{{ order.total }}</p>' })
    ).body.id as string;
  published = await make('order-ready');
  draftOnly = await make('never-published');
  await request(platform.url).post(`/templates/${published}/publish`).set(auth(t.key)).expect(200);
});
afterAll(() => platform.stop());

const api = () => request(platform.url);
const send = (body: object) =>
  api()
    .post('/emails')
    .set(auth(t.key))
    .send({ from: `a@${t.domain}`, to: 'b@example.org', ...body });

describe('templates that do not parse are refused and nothing is stored', () => {
  it('when the HTML has an unclosed tag, then 400 template_invalid naming the field and the line', async () => {
    const res = await api()
      .post('/templates')
      .set(auth(t.key))
      .send({ name: 'Broken', subject: 'Hi', html: '<p>\n{% if vip %}\n<b>VIP</b>' });
    expectProblem(res, 400, 'template_invalid', 'createTemplate');
    expect(res.body.errors).toEqual([{ path: '/body/html', message: expect.stringMatching(/^line 2, column 1: .*not closed/) }]);
    expect((await api().get('/templates?q=Broken').set(auth(t.key))).body.total).toBe(0);
  });

  it('when an edit breaks the draft, then 400 and the draft is unchanged', async () => {
    const res = await api().patch(`/templates/${published}`).set(auth(t.key)).send({ subject: '{{ name | nosuchfilter }}' });
    expectProblem(res, 400, 'template_invalid', 'updateTemplate');
    expect((await api().get(`/templates/${published}`).set(auth(t.key))).body.draft.subject).toBe('For {{ name }}');
  });

  it('when an edit would remove both bodies, then 400 at the body removed', async () => {
    const res = await api().patch(`/templates/${published}`).set(auth(t.key)).send({ html: null });
    expectProblem(res, 400, 'validation_failed', 'updateTemplate');
    expect(res.body.errors).toEqual([{ path: '/body/html', message: 'cannot remove the last body' }]);
  });

  it('when an alias is already taken, then 409 already_exists', async () => {
    const res = await api().post('/templates').set(auth(t.key)).send({ name: 'Again', alias: 'order-ready', subject: 'x', text: 'y' });
    expectProblem(res, 409, 'already_exists', 'createTemplate');
    const renamed = await api().patch(`/templates/${draftOnly}`).set(auth(t.key)).send({ alias: 'order-ready' });
    expectProblem(renamed, 409, 'already_exists', 'updateTemplate');
  });

  it('when a template is created with neither HTML nor text, then 400', async () => {
    const res = await api().post('/templates').set(auth(t.key)).send({ name: 'Empty', subject: 'x' });
    expectProblem(res, 400, 'validation_failed', 'createTemplate');
  });

  it('when a version that does not exist is asked for or rendered, then 404', async () => {
    expectProblem(await api().get(`/templates/${published}/versions/9`).set(auth(t.key)), 404, 'not_found', 'getTemplateVersion');
    const render = await api().post(`/templates/${published}/render`).set(auth(t.key)).send({ version: 9 });
    expectProblem(render, 404, 'not_found', 'renderTemplate');
  });

  it('when a deleted template or one of its versions is asked for, then 404', async () => {
    const made = await api().post('/templates').set(auth(t.key)).send({ name: 'gone', subject: 'S', text: 'T' }).expect(201);
    await api().post(`/templates/${made.body.id}/publish`).set(auth(t.key)).expect(200);
    await api().delete(`/templates/${made.body.id}`).set(auth(t.key)).expect(204);
    expectProblem(await api().get(`/templates/${made.body.id}`).set(auth(t.key)), 404, 'not_found', 'getTemplate');
    expectProblem(await api().get(`/templates/${made.body.id}/versions/1`).set(auth(t.key)), 404, 'not_found', 'getTemplateVersion');
  });
});

describe('templated sends that cannot be rendered are refused before anything is queued', () => {
  expectEachToSendNothing(
    () => platform,
    () => t.key,
  );

  it('when a required variable is missing, then 400 template_variables_missing naming each one', async () => {
    const res = await send({ template: 'order-ready', variables: { order: {} } });
    expectProblem(res, 400, 'template_variables_missing', 'sendEmail');
    expect(res.body.errors).toEqual([
      { path: '/body/variables/name', message: 'is required by the template' },
      { path: '/body/variables/order/total', message: 'is required by the template' },
    ]);
  });

  it.each([
    ['names a template that does not exist', { template: 'no-such-template' }, '/body/template'],
    ['names a template with nothing published', { template: 'never-published' }, '/body/template'],
    ['names a version that does not exist', { template: 'order-ready', templateVersion: 5 }, '/body/templateVersion'],
  ])('when the send %s, then 400 template_unavailable', async (_label, body, path) => {
    const res = await send({ ...body, variables: { name: 'x', order: { total: 1 } } });
    expectProblem(res, 400, 'template_unavailable', 'sendEmail');
    expect(res.body.errors[0].path).toBe(path);
  });

  it('when a variable puts a line break into the subject, then 400 template_render_failed', async () => {
    const res = await send({ template: 'order-ready', variables: { name: 'x\r\nBcc: victim@example.org', order: { total: 1 } } });
    expectProblem(res, 400, 'template_render_failed', 'sendEmail');
    expect(res.body.errors).toEqual([{ path: '/body/template', message: 'subject: renders with a line break' }]);
  });

  it.each([
    ['a template with a subject', { template: 'order-ready', subject: 'x' }, '/body/subject'],
    ['a template with an HTML body', { template: 'order-ready', html: '<p>x</p>' }, '/body/html'],
    ['variables without a template', { subject: 'x', text: 'y', variables: { a: 1 } }, '/body/variables'],
    ['a template version without a template', { subject: 'x', text: 'y', templateVersion: 1 }, '/body/templateVersion'],
    ['neither a template nor a subject', { text: 'y' }, '/body/subject'],
  ])('when the send has %s, then 400 validation_failed at the field', async (_label, body, path) => {
    const res = await send(body);
    expectProblem(res, 400, 'validation_failed', 'sendEmail');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('when one email of a batch misses a variable, then only that one is refused', async () => {
    const ok = { from: `a@${t.domain}`, to: 'b@example.org', template: 'order-ready', variables: { name: 'A', order: { total: 3 } } };
    const res = await api()
      .post('/emails/batch')
      .set(auth(t.key))
      .send([
        { ...ok, variables: { name: 'B' } },
        { ...ok, template: 'no-such-template' },
      ]);
    expectContract(res, 'sendEmailBatch');
    expect(res.body.data.map((r: { error?: { code: string } }) => r.error?.code)).toEqual([
      'template_variables_missing',
      'template_unavailable',
    ]);
  });
});
