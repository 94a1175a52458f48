import { sharedLoneGateway } from './support/lone-gateway';
import { postHoldingBody } from './support/held-body';

const FIFTEEN_MB = String(15 * 1024 * 1024);
const json = { 'Content-Type': 'application/json' };

describe('answered from the headers, before the body is read', () => {
  const lone = sharedLoneGateway();

  it('when a 15 MB body is announced without a valid key, then 401 comes back while the body is still unsent', async () => {
    const held = postHoldingBody(lone.gateway.url, '/emails', { ...json, 'Content-Length': FIFTEEN_MB, Authorization: 'Bearer mp_nope' });
    const res = await held.response;
    held.abort();
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'unauthorized' });
    expect(res.headers.connection).toBe('close');
  });

  it('when the client expects 100-continue without a key, then it gets 401 and never a 100 Continue', async () => {
    const held = postHoldingBody(lone.gateway.url, '/emails', { ...json, 'Content-Length': '100', Expect: '100-continue' });
    const res = await held.response;
    held.abort();
    expect(res.status).toBe(401);
    expect(held.continued()).toBe(false);
  });

  it('when a valid key announces more than the operation takes, then 413 from the headers', async () => {
    const held = postHoldingBody(lone.gateway.url, '/api-keys', {
      ...json,
      'Content-Length': FIFTEEN_MB,
      Authorization: `Bearer ${lone.key}`,
      Expect: '100-continue',
    });
    const res = await held.response;
    held.abort();
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'payload_too_large' });
    expect(held.continued()).toBe(false);
  });

  it('when a valid key expects 100-continue, then the body is asked for and the request is served', async () => {
    const body = JSON.stringify({ name: 'after continue' });
    const held = postHoldingBody(lone.gateway.url, '/api-keys', {
      ...json,
      'Content-Length': String(Buffer.byteLength(body)),
      Authorization: `Bearer ${lone.key}`,
      Expect: '100-continue',
    });
    await held.whenContinued;
    held.sendBody(body);
    const res = await held.response;
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body)).toMatchObject({ name: 'after continue' });
  });
});
