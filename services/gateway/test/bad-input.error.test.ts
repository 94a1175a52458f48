import net from 'node:net';
import request from 'supertest';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { ADMIN_TOKEN, sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform({ BODY_LIMIT_BYTES: '4096' });
let key: string;

beforeAll(async () => {
  ({ key } = await platform.newTenant());
});

const auth = () => ({ Authorization: `Bearer ${key}` });
const keyCount = async () => (await request(platform.url).get('/api-keys').set(auth())).body.data.length;

describe('bad input to POST /api-keys changes nothing', () => {
  let before: number;
  beforeEach(async () => {
    before = await keyCount();
  });
  afterEach(async () => {
    expect(await keyCount()).toBe(before);
  });

  it('when the JSON is malformed, then 400 malformed_json', async () => {
    const res = await request(platform.url).post('/api-keys').set(auth()).set('Content-Type', 'application/json').send('{"name": ');
    expectProblem(res, 400, 'malformed_json', 'createApiKey');
  });

  it('when a field has the wrong type, then 400 with the field named', async () => {
    const res = await request(platform.url).post('/api-keys').set(auth()).send({ name: 42 });
    expectProblem(res, 400, 'validation_failed', 'createApiKey');
    expect(JSON.stringify(res.body.errors)).toContain('name');
  });

  it('when an unknown field is sent, then 400', async () => {
    const res = await request(platform.url).post('/api-keys').set(auth()).send({ name: 'ok', admin: true });
    expectProblem(res, 400, 'validation_failed', 'createApiKey');
    expect(JSON.stringify(res.body.errors)).toContain('admin');
  });

  it('when the body is missing, then 400', async () => {
    const res = await request(platform.url).post('/api-keys').set(auth());
    expectProblem(res, 400, 'validation_failed', 'createApiKey');
  });

  it('when the permission is not one we know, then 400', async () => {
    const res = await request(platform.url).post('/api-keys').set(auth()).send({ name: 'x', permission: 'root' });
    expectProblem(res, 400, 'validation_failed', 'createApiKey');
  });

  it('when the body is larger than the limit, then 413', async () => {
    const res = await request(platform.url)
      .post('/api-keys')
      .set(auth())
      .send({ name: 'x'.repeat(5000) });
    expectProblem(res, 413, 'payload_too_large');
  });

  it('when the body is not JSON, then 415', async () => {
    const res = await request(platform.url).post('/api-keys').set(auth()).set('Content-Type', 'text/plain').send('name=x');
    expectProblem(res, 415, 'unsupported_media_type');
  });
});

describe('bad input to POST /admin/tenants', () => {
  it('when the tenant name is missing, then 400 and no tenant', async () => {
    const res = await request(platform.url).post('/admin/tenants').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({});
    expect(res.status).toBe(400);
    expectContract(res, 'createTenant');
  });
});

describe('routing', () => {
  it('when the route does not exist, then 404 problem', async () => {
    const res = await request(platform.url).get('/nope').set(auth());
    expectProblem(res, 404, 'route_not_found');
  });

  it('when the method is not allowed, then 405 with Allow', async () => {
    const res = await request(platform.url).put('/api-keys').set(auth()).send({});
    expectProblem(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBe('GET, POST');
  });

  it('when a caller sends an unsafe X-Request-Id, then a fresh one is used instead', async () => {
    const res = await request(platform.url).get('/api-keys').set(auth()).set('X-Request-Id', 'a b<script>');
    expect(res.headers['x-request-id']).toMatch(/^req_/);
    const kept = await request(platform.url).get('/api-keys').set(auth()).set('X-Request-Id', 'trace-123');
    expect(kept.headers['x-request-id']).toBe('trace-123');
  });
});

describe('header injection', () => {
  it('when a header value smuggles CR/LF, then the request is refused with a problem and nothing is created', async () => {
    const before = await keyCount();
    const body = JSON.stringify({ name: 'smuggled' });
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(new URL(platform.url).port), '127.0.0.1', () => {
        socket.write(
          `POST /api-keys HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n` +
            `X-Note: a\rSet-Cookie: evil=1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        );
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(raw).toContain('application/problem+json');
    expect(raw).not.toMatch(/set-cookie/i);
    expect(await keyCount()).toBe(before);
  });
});
