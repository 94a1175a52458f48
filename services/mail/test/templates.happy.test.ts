import request from 'supertest';
import { simpleParser } from 'mailparser';
import { expectContract } from '../../../test/support/contract';
import { auth, headerOf, sharedTenantWithDomain, waitForStatus } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000' });
const t = sharedTenantWithDomain(platform);

const api = () => request(platform.url);
const WELCOME = {
  name: 'Welcome',
  alias: 'welcome',
  subject: 'Welcome, {{ name }}',
  html: '<h1>Hello {{ name }}</h1>{% for item in items %}<p>{{ item.title }}</p>{% endfor %}<a href="https://example.com/start">Start</a>',
};

async function create(body: object) {
  const res = await api().post('/templates').set(auth(t.key)).send(body);
  expectContract(res, 'createTemplate');
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

const received = (id: string) =>
  platform.sandbox.sink
    .waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === id)
    .then(async (m) => ({ m, parsed: await simpleParser(m.raw) }));

describe('templates with versions', () => {
  it('when a template is created, edited and published twice, then each version stays readable and the latest is the one in use', async () => {
    const { id } = await create({ ...WELCOME, alias: 'lifecycle' });
    const created = await api().get(`/templates/${id}`).set(auth(t.key));
    expectContract(created, 'getTemplate');
    expect(created.body).toMatchObject({ publishedVersion: null, hasUnpublishedChanges: true, variables: ['name', 'items'] });

    const first = await api().post(`/templates/${id}/publish`).set(auth(t.key));
    expectContract(first, 'publishTemplate');
    expect(first.body).toMatchObject({ publishedVersion: 1, hasUnpublishedChanges: false });
    const again = await api().post(`/templates/${id}/publish`).set(auth(t.key));
    expect(again.body.publishedVersion).toBe(1);

    const edited = await api().patch(`/templates/${id}`).set(auth(t.key)).send({ subject: 'Hi again, {{ name }}', name: 'Welcome v2' });
    expectContract(edited, 'updateTemplate');
    expect(edited.body).toMatchObject({
      name: 'Welcome v2',
      publishedVersion: 1,
      hasUnpublishedChanges: true,
      draft: { subject: 'Hi again, {{ name }}' },
    });
    await api().post(`/templates/${id}/publish`).set(auth(t.key)).expect(200);

    const versions = await api().get(`/templates/${id}/versions`).set(auth(t.key));
    expectContract(versions, 'listTemplateVersions');
    expect(versions.body.data.map((v: { version: number; subject: string }) => [v.version, v.subject])).toEqual([
      [2, 'Hi again, {{ name }}'],
      [1, 'Welcome, {{ name }}'],
    ]);
    const one = await api().get(`/templates/${id}/versions/1`).set(auth(t.key));
    expectContract(one, 'getTemplateVersion');
    expect(one.body).toMatchObject({ templateId: id, version: 1, subject: 'Welcome, {{ name }}' });
  });

  it('when an email names a template by alias, then the MTA gets the published version rendered with its variables, escaped in the HTML, with a text part derived from it', async () => {
    const { id } = await create(WELCOME);
    await api().post(`/templates/${id}/publish`).set(auth(t.key)).expect(200);
    await api().patch(`/templates/${id}`).set(auth(t.key)).send({ subject: 'Draft only {{ name }}' }).expect(200);
    const variables = { name: 'Ada <Lovelace>', items: [{ title: 'Engines' }, { title: 'Notes' }] };
    const sent = await api()
      .post('/emails')
      .set(auth(t.key))
      .send({ from: `hello@${t.domain}`, to: 'reader@example.org', template: 'welcome', variables });
    expectContract(sent, 'sendEmail');
    expect(sent.status).toBe(202);

    const { m, parsed } = await received(sent.body.id);
    expect(m.subject).toBe('Welcome, Ada <Lovelace>');
    expect(parsed.html).toContain('<h1>Hello Ada &lt;Lovelace&gt;</h1><p>Engines</p><p>Notes</p>');
    expect(parsed.text).toContain('HELLO ADA <LOVELACE>');
    expect(m.dkim?.result).toBe('pass');

    const email = await waitForStatus(platform.url, t.key, sent.body.id, 'sent');
    expectContract(email, 'getEmail');
    expect(email.body.template).toEqual({ id, alias: 'welcome', version: 1 });
    expect(email.body.body.variables).toEqual(variables);
    expect(email.body.subject).toBe('Welcome, Ada <Lovelace>');
  });

  it('when a send names an earlier version, then that version is rendered and recorded', async () => {
    const { id } = await create({ name: 'Receipt', subject: 'Receipt v1 {{ n }}', text: 'Total {{ n }}' });
    await api().post(`/templates/${id}/publish`).set(auth(t.key)).expect(200);
    await api().patch(`/templates/${id}`).set(auth(t.key)).send({ subject: 'Receipt v2 {{ n }}' }).expect(200);
    await api().post(`/templates/${id}/publish`).set(auth(t.key)).expect(200);
    const sent = await api()
      .post('/emails')
      .set(auth(t.key))
      .send({ from: `billing@${t.domain}`, to: 'payer@example.org', template: id, templateVersion: 1, variables: { n: 42 } });
    expect(sent.status).toBe(202);
    const { m } = await received(sent.body.id);
    expect(m.subject).toBe('Receipt v1 42');
    expect(m.text.trim()).toBe('Total 42');
    expect((await api().get(`/emails/${sent.body.id}`).set(auth(t.key))).body.template).toEqual({ id, alias: null, version: 1 });
  });

  it('when a batch sends a template to several readers, then each gets its own variables', async () => {
    const { id } = await create({ name: 'Batch', alias: 'batch-note', subject: 'Note for {{ who }}', text: 'Hi {{ who }}' });
    await api().post(`/templates/${id}/publish`).set(auth(t.key)).expect(200);
    const res = await api()
      .post('/emails/batch')
      .set(auth(t.key))
      .send(
        ['ann', 'bob'].map((who) => ({ from: `notes@${t.domain}`, to: `${who}@example.org`, template: 'batch-note', variables: { who } })),
      );
    expectContract(res, 'sendEmailBatch');
    const subjects = await Promise.all(res.body.data.map(async (r: { id: string }) => (await received(r.id)).m.subject));
    expect(subjects).toEqual(['Note for ann', 'Note for bob']);
  });

  it('when a version is rendered with a model, then missing and unused variables are reported without sending', async () => {
    const { id } = await create({ name: 'Preview', subject: 'Order {{ order.id }}', html: '<p>{{ name }}</p>' });
    const sink = platform.sandbox.sink.count();
    const res = await api()
      .post(`/templates/${id}/render`)
      .set(auth(t.key))
      .send({ variables: { name: 'Ada', extra: 1 } });
    expectContract(res, 'renderTemplate');
    expect(res.body).toMatchObject({
      version: null,
      valid: false,
      subject: 'Order ',
      html: '<p>Ada</p>',
      text: 'Ada',
      variables: ['order', 'name'],
      missingVariables: ['order'],
      unusedVariables: ['extra'],
      errors: [],
    });
    const ok = await api()
      .post(`/templates/${id}/render`)
      .set(auth(t.key))
      .send({ variables: { name: 'Ada', order: { id: 7 } } });
    expect(ok.body).toMatchObject({ valid: true, subject: 'Order 7', missingVariables: [] });
    expect(platform.sandbox.sink.count()).toBe(sink);
  });

  it('when templates are listed with q, then only those whose name or alias holds it come back, newest first', async () => {
    await create({ name: 'Password reset', alias: 'pw-reset', subject: 'Reset', text: 'x' });
    const res = await api().get('/templates?q=reset').set(auth(t.key));
    expectContract(res, 'listTemplates');
    expect(res.body.data.map((d: { alias: string }) => d.alias)).toEqual(['pw-reset']);
  });

  it('when a template is deleted, then it and its versions are gone, and the messages sent with it keep naming it', async () => {
    const { id } = await create({ name: 'Gone', subject: 'Bye', text: 'Bye' });
    await api().post(`/templates/${id}/publish`).set(auth(t.key)).expect(200);
    const sent = await api()
      .post('/emails')
      .set(auth(t.key))
      .send({ from: `a@${t.domain}`, to: 'b@example.org', template: id });
    const res = await api().delete(`/templates/${id}`).set(auth(t.key));
    expectContract(res, 'deleteTemplate');
    expect(res.status).toBe(204);
    expect((await api().get('/templates').set(auth(t.key))).body.data.map((x: { id: string }) => x.id)).not.toContain(id);
    const email = await waitForStatus(platform.url, t.key, sent.body.id, 'sent');
    expect(email.body.template).toEqual({ id, alias: null, version: 1 });
  });
});
