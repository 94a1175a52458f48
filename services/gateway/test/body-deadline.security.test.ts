import { document, operations, validateResponse } from '@mailplane/contracts';
import { bodyNotReceived, takesBody } from '../src/entry-points/body-deadline';
import { sharedPlatform, sharedTenant } from '../../../test/support/platform';
import { rawRequest, type RawAnswer } from './support/raw-http';

const LIMITS = { readsPublic: 4, readsSignIn: 4, readsPerTenant: 4, readsPerSource: 2, timeoutMs: 1000, minBytesPerSecond: 1000 };
const declared = (method: string, path: string) =>
  Object.keys((document.paths[path][method] as { responses: Record<string, unknown> }).responses);

/** The head of a request announcing `length` bytes of JSON, followed by only `sent` of them: the rest never comes. */
const stalled = (method: string, path: string, headers: Record<string, string>, length = 100, sent = '{"desc') =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n` +
  `${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n${sent}`;
const issuesOf = (operationId: string, answer: RawAnswer) => {
  const mediaType = answer.headers['content-type']?.split(';')[0];
  const body = mediaType?.includes('json') ? JSON.parse(answer.body) : answer.body;
  return validateResponse(operationId, answer.status, mediaType, body, answer.headers);
};

describe('a body that never arrives is answered in a status its operation declares', () => {
  it.each(operations.filter(takesBody).map((op) => [`${op.method} ${op.path}`, op] as const))(
    'when the body of %s does not arrive in time, then its answer is one of the statuses the operation lists',
    (_name, op) => {
      const status = bodyNotReceived(op, 'late', LIMITS).status;
      expect(status).not.toBe(408);
      expect(declared(op.method, op.path)).toContain(String(status));
    },
  );

  describe('over HTTP', () => {
    const platform = sharedPlatform({ BODY_TIMEOUT_MS: '1000', BODY_MIN_BYTES_PER_SECOND: '1000' });
    const tenant = sharedTenant(platform);

    it('when a PATCH /webhooks/endpoints/{id} body never arrives, then 400 body_timeout, valid by the contract, and the connection closed', async () => {
      const path = `/webhooks/endpoints/whe_${'0'.repeat(26)}`;
      const answer = await rawRequest(platform.url, stalled('PATCH', path, { Authorization: `Bearer ${tenant.key}` }));
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({
        status: 400,
        code: 'body_timeout',
        detail: expect.stringMatching(/did not arrive in time/),
      });
      expect(issuesOf('updateWebhookEndpoint', answer)).toEqual([]);
      expect(answer.closed).toBe(true);
    });

    it('when a POST /emails body never arrives, then 400 body_timeout, valid by the contract', async () => {
      const answer = await rawRequest(platform.url, stalled('POST', '/emails', { Authorization: `Bearer ${tenant.key}` }));
      expect(answer.status).toBe(400);
      expect(issuesOf('sendEmail', answer)).toEqual([]);
    });

    it("when the hub webhook's body never arrives, then 401 in text/plain, its only refusal", async () => {
      const answer = await rawRequest(platform.url, stalled('POST', '/billing/webhook/subscription-hub', { 'Hub-Signature': 't=1,v1=00' }));
      expect(answer.status).toBe(401);
      expect(issuesOf('hubWebhook', answer)).toEqual([]);
    });

    it('when an operation that takes no body is sent a body that never arrives, then it is answered at once without waiting', async () => {
      const started = performance.now();
      const answer = await rawRequest(platform.url, stalled('GET', '/billing/catalogue', {}));
      expect(answer.status).toBe(200);
      expect(issuesOf('getCatalogue', answer)).toEqual([]);
      expect(performance.now() - started).toBeLessThan(900);
    });
  });
});
