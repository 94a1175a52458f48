import request from 'supertest';
import { auth, headerOf } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { createRoute, receivingTenant, sendIn } from '../../../test/support/inbound';
import { signIn } from '../../../test/support/dashboard-sign-in';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.stop());

describe('the dashboard shows received mail', () => {
  it('when a reply with an attachment arrives, then Inbound lists it, its page shows the reply, authentication and link, and the sent message shows the reply', async () => {
    const t = await receivingTenant(platform);
    await createRoute(platform, t.key, { pattern: `support@${t.domain}`, action: { type: 'hold' }, description: 'Help desk' });
    const sent = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ from: `support@${t.domain}`, to: 'jo@customer.example', subject: 'Your ticket', text: 'How can we help?' })
      .expect(202);
    const delivered = await platform.sandbox.sink.waitFor((m) => headerOf(m, 'X-Mailplane-Message-Id') === sent.body.id);
    const messageId = headerOf(delivered, 'Message-ID') as string;
    const reply = await sendIn(platform, {
      from: 'Jo <jo@customer.example>',
      to: `support@${t.domain}`,
      subject: 'Re: Your ticket <script>alert(1)</script>',
      text: 'The parcel is late.\n\nOn Mon, 23 Nov 2026, Support wrote:\n> How can we help?',
      inReplyTo: messageId,
      attachments: [{ filename: 'photo.jpg', content: Buffer.from([255, 216, 255]), contentType: 'image/jpeg' }],
    });
    expect(reply.code).toBe(250);
    const { cookie } = await signIn(platform.dashboardUrl, t.key);
    const dashboard = (path: string) => request(platform.dashboardUrl).get(path).set('Cookie', cookie);

    const list = await dashboard('/inbound').expect(200);
    expect(list.text).toContain(`support@${t.domain}`);
    expect(list.text).toContain('Help desk');
    expect(list.text).toContain('Re: Your ticket &lt;script&gt;');
    expect(list.text).not.toContain('<script>alert(1)');
    const id = /href="\/inbound\/(inb_[0-9a-z]{26})"/.exec(list.text)?.[1] as string;

    const one = await dashboard(`/inbound/${id}`).expect(200);
    expect(one.text).toMatch(/<pre class="body-text">The parcel is late\.<\/pre>/);
    expect(one.text).toContain(`href="/emails/${sent.body.id}"`);
    expect(one.text).toMatch(/<dt>DMARC<\/dt>\s*<dd>none/);
    expect(one.text).toMatch(
      /<a href="http:\/\/localhost:\d+\/inbound\/messages\/inb_[0-9a-z]{26}\/attachments\/0\?expires=\d+&amp;signature=[\w-]{43}" download>photo\.jpg<\/a>/,
    );

    const email = await dashboard(`/emails/${sent.body.id}`).expect(200);
    expect(email.text).toContain(`href="/inbound/${id}"`);
  });
});
