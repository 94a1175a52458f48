import request from 'supertest';
import { auth, tenantWithDomain } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

describe('Idempotency-Key', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ SEND_RATE_LIMIT: '1000' });
  });
  afterAll(() => platform.stop());

  it('when two tenants use the same key, then each gets its own message', async () => {
    const a = await tenantWithDomain(platform);
    const b = await tenantWithDomain(platform);
    const ra = await request(platform.url)
      .post('/emails')
      .set(auth(a.key))
      .set('Idempotency-Key', 'shared')
      .send({ from: `a@${a.domain}`, to: 'r@example.org', subject: 's', text: 'x' });
    const rb = await request(platform.url)
      .post('/emails')
      .set(auth(b.key))
      .set('Idempotency-Key', 'shared')
      .send({ from: `a@${b.domain}`, to: 'r@example.org', subject: 's', text: 'x' });
    expect(ra.body.id).not.toBe(rb.body.id);
    expect(rb.headers['idempotent-replayed']).toBeUndefined();
  });
});
