import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { auth } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();

const provider = () => platform.sandbox.provider;
async function opened(plan = 'starter') {
  const { key } = await platform.newTenant();
  const res = await request(platform.url).post('/billing/checkout').set(auth(key)).send({ plan });
  const redirectUrl = provider()
    .payments()
    .find((p) => p.id === res.body.paymentId)!.redirectUrl!;
  return { key, paymentId: res.body.paymentId as string, returnUrl: new URL(redirectUrl) };
}
const page = async (url: URL) => {
  const res = await request(platform.url).get(`${url.pathname}${url.search}`);
  expectContract(res, 'showCheckoutReturn');
  return res;
};
const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

describe('the page a customer lands on after the hosted checkout', () => {
  it('when a checkout names no successUrl, then the provider sends the customer to our public return page for that checkout', async () => {
    const { returnUrl } = await opened();
    expect(`${returnUrl.origin}${returnUrl.pathname}`).toBe(`${platform.url.replace('127.0.0.1', 'localhost')}/billing/return`);
    expect(returnUrl.searchParams.get('checkout')).toMatch(/^chk_[0-9a-z]{26}$/);
  });

  it('when the customer paid, then the page says so without a key, naming only the plan', async () => {
    const { paymentId, returnUrl } = await opened('growth');
    await provider().complete(paymentId, 'paid');
    const res = await page(returnUrl);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(heading(res.text)).toBe('Payment received');
    expect(res.text).toContain('Growth plan is active');
    expect(res.text).not.toMatch(/ten_|tr_|cst_|@/);
  });

  it('when the customer lands before the provider notified us, then the page looks the payment up and applies it', async () => {
    const { key, paymentId, returnUrl } = await opened();
    await provider().complete(paymentId, 'paid', { notify: false });
    expect(heading((await page(returnUrl)).text)).toBe('Payment received');
    const state = await request(platform.url).get('/billing/state').set(auth(key));
    expect(state.body).toMatchObject({ plan: 'starter', hasSubscription: true });
  });

  it('when the payment is still open, then the page says it is being confirmed and refreshes itself', async () => {
    const { returnUrl } = await opened();
    const res = await page(returnUrl);
    expect(heading(res.text)).toBe('Confirming your payment');
    expect(res.text).toContain('http-equiv="refresh"');
  });

  it.each([['failed'], ['canceled'], ['expired']] as const)(
    'when the payment %s, then the page says nothing was charged',
    async (status) => {
      const { paymentId, returnUrl } = await opened();
      await provider().complete(paymentId, status);
      const res = await page(returnUrl);
      expect(heading(res.text)).toBe('Payment not completed');
    },
  );

  it('when a second paid checkout was refunded, then its page says it was refunded', async () => {
    const { key, paymentId, returnUrl } = await opened();
    await provider().complete(paymentId, 'paid', { notify: false });
    const second = await request(platform.url).post('/billing/checkout').set(auth(key)).send({ plan: 'growth' });
    await provider().complete(second.body.paymentId, 'paid');
    expect(heading((await page(returnUrl)).text)).toBe('Payment refunded');
  });
});
