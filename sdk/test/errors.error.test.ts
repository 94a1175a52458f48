import { createServer } from 'node:net';
import { validateResponse } from '@mailplane/contracts';
import { tenantWithDomain } from '../../test/support/mail';
import { sharedPlatform } from '../../test/support/platform';
import { Mailplane, MailplaneError, MailplaneNetworkError, type SendEmailRequest } from '../src';
import { recordingFetch, sdkFor } from './support/recording-fetch';

/** A port nothing listens on: taken from the OS, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('SDK: typed errors', () => {
  const platform = sharedPlatform();

  it('when the message does not exist, then a MailplaneError carries the 404 problem and its request id', async () => {
    const t = await platform.newTenant();
    const error = await thrown(sdkFor(platform, t.key).emails.get(`msg_${'0'.repeat(26)}`, { requestId: 'sdk-test-404' }));
    expect(error).toBeInstanceOf(MailplaneError);
    const problem = error as MailplaneError;
    expect(problem).toMatchObject({ status: 404, code: 'not_found', requestId: 'sdk-test-404', retryAfter: undefined });
    expect(problem.problem.type).toBe('https://mailplane.dev/problems/not_found');
    expect(validateResponse('getEmail', 404, 'application/problem+json', problem.problem)).toEqual([]);
  });

  it('when the body is invalid, then the 400 problem lists each offending field and nothing is retried', async () => {
    const t = await tenantWithDomain(platform);
    const recorder = recordingFetch();
    const invalid = { from: `a@${t.domain}`, subject: 'no recipient', text: 'x' } as unknown as SendEmailRequest;
    const error = (await thrown(sdkFor(platform, t.key, { fetch: recorder.fetch }).emails.send(invalid))) as MailplaneError;
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(error.problem.errors?.map((e) => e.path)).toContain('/body/to');
    expect(recorder.exchanges).toHaveLength(1);
  });

  it('when the API key is wrong, then 401 unauthorized, not retried', async () => {
    const recorder = recordingFetch();
    const mailplane = sdkFor(platform, `mp_${'0'.repeat(26)}_${'A'.repeat(43)}`, { fetch: recorder.fetch });
    expect(await thrown(mailplane.emails.list())).toMatchObject({ name: 'MailplaneError', status: 401, code: 'unauthorized' });
    expect(recorder.exchanges).toHaveLength(1);
  });

  it('when nothing answers, then a MailplaneNetworkError, after retries only for calls safe to repeat', async () => {
    const recorder = recordingFetch();
    const options = { apiKey: 'mp_x', baseUrl: `http://127.0.0.1:${await closedPort()}`, fetch: recorder.fetch, maxRetries: 2 };
    const mailplane = new Mailplane({ ...options, retry: { baseDelayMs: 5 } });

    const read = await thrown(mailplane.emails.list());
    expect(read).toBeInstanceOf(MailplaneNetworkError);
    expect(read).not.toBeInstanceOf(MailplaneError);
    expect(recorder.exchanges).toHaveLength(3);

    recorder.exchanges.length = 0;
    const body = { from: 'a@example.org', to: 'b@example.org', subject: 's', text: 'x' };
    expect(await thrown(mailplane.emails.send(body, { idempotencyKey: false }))).toBeInstanceOf(MailplaneNetworkError);
    expect(recorder.exchanges).toHaveLength(1);

    recorder.exchanges.length = 0;
    expect(await thrown(mailplane.apiKeys.create({ name: 'ci' }))).toBeInstanceOf(MailplaneNetworkError);
    expect(recorder.exchanges).toHaveLength(1);
  });
});

describe('SDK: a 429 without retries', () => {
  // One send per second per tenant, so that three concurrent sends are certain to be limited.
  const platform = sharedPlatform({ SEND_RATE_LIMIT: '1', SEND_RATE_WINDOW_SECONDS: '1' });

  it('when maxRetries is 0, then the 429 is thrown with its Retry-After', async () => {
    const t = await tenantWithDomain(platform);
    const mailplane = sdkFor(platform, t.key, { maxRetries: 0 });
    const send = (i: number) => mailplane.emails.send({ from: `a@${t.domain}`, to: `r${i}@example.org`, subject: 's', text: 'x' });
    const outcomes = await Promise.allSettled([send(1), send(2), send(3)]);
    const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toMatchObject({ name: 'MailplaneError', status: 429, code: 'rate_limited' });
    expect(refused[0].retryAfter).toBeGreaterThanOrEqual(1);
  });
});
