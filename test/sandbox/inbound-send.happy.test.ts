import request from 'supertest';
import { auth } from '../support/mail';
import { startTestPlatform, type TestPlatform } from '../support/platform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.stop());

const sendFromPage = (fields: Record<string, string>) =>
  request(new URL(platform.sandbox.pageUrl).origin).post('/inbound').type('form').send(fields).expect(200);

describe('the sandbox page sends mail to the inbound listener', () => {
  it('when a message is sent to the sandbox domain from the page, then the listener answers 250 and the sandbox tenant reads it back', async () => {
    const form = await request(new URL(platform.sandbox.pageUrl).origin).get('/inbound').expect(200);
    expect(form.text).toContain('<form method="post" action="/inbound">');
    const page = await sendFromPage({
      from: 'jo@customer.example',
      to: 'hello@sandbox.mailplane.test',
      subject: 'From the page',
      text: 'Hi',
    });
    expect(page.text).toMatch(/answered <code>250 2\.0\.0 Ok: inb_[0-9a-z]{26}<\/code>/);
    const key = platform.sandboxTenant?.apiKey as string;
    const list = await request(platform.url).get('/inbound/messages').set(auth(key)).expect(200);
    expect(list.body.data).toEqual([expect.objectContaining({ recipient: 'hello@sandbox.mailplane.test', subject: 'From the page' })]);
  });

  it('when the recipient is at a domain nobody receives at, then the page shows the refusal', async () => {
    const page = await sendFromPage({ from: 'jo@customer.example', to: 'x@nowhere.example', subject: 's', text: 'x' });
    expect(page.text).toMatch(/answered <code>550 5\.1\.2 /);
  });
});
