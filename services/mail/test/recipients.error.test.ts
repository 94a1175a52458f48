import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { auth, tenantWithDomain, sendEmail } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000', DEFAULT_MONTHLY_QUOTA: '5' });

const addresses = (n: number, prefix = 'r') => Array.from({ length: n }, (_, i) => `${prefix}${i}@example.org`);

describe('recipients the platform refuses', () => {
  it('when to, cc and bcc hold more than 50 addresses together, then 400 at /body/to and nothing is stored or counted', async () => {
    const t = await tenantWithDomain(platform);
    const res = await sendEmail(platform, t, { to: addresses(20), cc: addresses(20, 'c'), bcc: addresses(11, 'b'), subject: 'many' });
    expectProblem(res, 400, 'validation_failed', 'sendEmail');
    expect(res.body.errors).toEqual([{ path: '/body/to', message: expect.stringContaining('50') }]);
    expect((await request(platform.url).get('/emails').set(auth(t.key))).body.total).toBe(0);
    expect((await request(platform.url).get('/billing/state').set(auth(t.key))).body.usage.used).toBe(0);
  });

  it.each([
    ['a list with one bad address', { to: ['ok@example.org', 'not an address'] }, '/body/to/1'],
    ['an empty cc list', { cc: [] }, '/body/cc'],
    ['a bcc with two addresses in one string', { bcc: 'a@example.org, b@example.org' }, '/body/bcc'],
    ['a display name that smuggles a header', { cc: ['Eve\r\nBcc: x@example.org <eve@example.org>'] }, '/body/cc/0'],
  ])('when the email has %s, then 400 at that field', async (_label, change, path) => {
    const t = await tenantWithDomain(platform);
    const res = await request(platform.url)
      .post('/emails')
      .set(auth(t.key))
      .send({ from: `a@${t.domain}`, to: 'r@example.org', subject: 's', text: 'x', ...change });
    expectProblem(res, 400, 'validation_failed', 'sendEmail');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('when the quota cannot take every recipient, then 422 quota_exceeded and nothing is sent to any of them', async () => {
    const t = await tenantWithDomain(platform);
    const send = (to: string[]) =>
      request(platform.url)
        .post('/emails')
        .set(auth(t.key))
        .send({ from: `a@${t.domain}`, to, subject: 'quota', text: 'x' });
    await send(addresses(3)).expect(202);
    const refused = await send(addresses(3, 'more'));
    expectProblem(refused, 422, 'quota_exceeded', 'sendEmail');
    expect(refused.body).toMatchObject({ limit: 5, used: 3 });
    expect((await request(platform.url).get('/emails').set(auth(t.key))).body.total).toBe(1);
    await send(addresses(2, 'fits')).expect(202);
  });
});
