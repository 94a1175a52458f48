import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { auth } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();

describe('GET /emails', () => {
  it('when the id is malformed, then 400', async () => {
    const { key } = await platform.newTenant();
    const res = await request(platform.url).get('/emails/not-an-id').set(auth(key));
    expectProblem(res, 400, 'validation_failed', 'getEmail');
  });

  it('when `from` is not earlier than `to`, then 400', async () => {
    const { key } = await platform.newTenant();
    const at = encodeURIComponent(new Date().toISOString());
    const res = await request(platform.url).get(`/emails?from=${at}&to=${at}`).set(auth(key));
    expectProblem(res, 400, 'validation_failed', 'listEmails');
  });
});

describe('GET /stats', () => {
  it.each(['0', '91', 'x'])('when days=%s, then 400 naming the parameter', async (days) => {
    const { key } = await platform.newTenant();
    const res = await request(platform.url).get(`/stats?days=${days}`).set(auth(key));
    expectProblem(res, 400, 'validation_failed', 'getEmailStats');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain('/query/days');
  });
});
