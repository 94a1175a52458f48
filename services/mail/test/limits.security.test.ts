import { tenantWithDomain, sendEmail } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

describe('Idempotency-Key', () => {
  const platform = sharedPlatform({ SEND_RATE_LIMIT: '1000' });

  it('when two tenants use the same key, then each gets its own message', async () => {
    const a = await tenantWithDomain(platform);
    const b = await tenantWithDomain(platform);
    const ra = await sendEmail(platform, a).set('Idempotency-Key', 'shared');
    const rb = await sendEmail(platform, b).set('Idempotency-Key', 'shared');
    expect(ra.body.id).not.toBe(rb.body.id);
    expect(rb.headers['idempotent-replayed']).toBeUndefined();
  });
});
