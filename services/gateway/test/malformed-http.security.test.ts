import { Duplex } from 'node:stream';
import request from 'supertest';
import { sharedPlatform } from '../../../test/support/platform';
import { rejectMalformedRequest } from '../src/entry-points/client-error';
import { rawRequest } from './support/raw-http';

const platform = sharedPlatform();
let key: string;

beforeAll(async () => {
  ({ key } = await platform.newTenant());
});

const keyCount = async () => (await request(platform.url).get('/api-keys').set('Authorization', `Bearer ${key}`)).body.data.length;

// Each one creates an API key if the server ever took it as a request.
const BODY = '{"name":"smuggled"}';
const start = () => `POST /api-keys HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n`;
const withLength = (headers: string, body = BODY) => `${start()}${headers}Content-Length: ${body.length}\r\n\r\n${body}`;

const MALFORMED: Array<[string, number, () => string]> = [
  ['a CR inside a header value', 400, () => withLength('X-Note: a\rSet-Cookie: evil=1\r\n')],
  ['a bare LF inside a header value', 400, () => withLength('X-Note: a\nb\r\n')],
  ['a NUL inside a header value', 400, () => withLength('X-Note: a\0b\r\n')],
  ['headers over 16 KiB', 431, () => withLength(`X-Big: ${'x'.repeat(17 * 1024)}\r\n`)],
  ['a request line without a method', 400, () => '/api-keys HTTP/1.1\r\nHost: x\r\n\r\n'],
  ['an unknown HTTP version', 400, () => 'GET /api-keys HTTP/9.9\r\nHost: x\r\n\r\n'],
  ['a method that is not a token', 400, () => `P(ST /api-keys HTTP/1.1\r\nHost: x\r\nContent-Length: ${BODY.length}\r\n\r\n${BODY}`],
  ['a space inside the request target', 400, () => 'GET /api keys HTTP/1.1\r\nHost: x\r\n\r\n'],
  ['Transfer-Encoding together with Content-Length', 400, () => withLength('Transfer-Encoding: chunked\r\n')],
  ['a Transfer-Encoding that does not end in chunked', 400, () => `${start()}Transfer-Encoding: gzip\r\n\r\n${BODY}`],
  ['a chunk size that is not hexadecimal', 400, () => `${start()}Transfer-Encoding: chunked\r\n\r\nzz\r\n${BODY}\r\n0\r\n\r\n`],
  ['a negative Content-Length', 400, () => `${start()}Content-Length: -1\r\n\r\n${BODY}`],
  ['two different Content-Lengths', 400, () => withLength(`Content-Length: ${BODY.length + 1}\r\n`)],
  ['a space before the colon', 400, () => withLength('X-Note : a\r\n')],
  ['a folded header line', 400, () => withLength('X-Note: a\r\n b\r\n')],
];

describe('requests the HTTP parser cannot read', () => {
  it.each(MALFORMED)(
    'when %s, then %i problem+json with X-Request-Id and requestId, the connection closed, nothing created',
    async (_name, status, raw) => {
      const before = await keyCount();
      const answer = await rawRequest(platform.url, raw());
      expect(answer.status).toBe(status);
      expect(answer.headers['content-type']).toBe('application/problem+json');
      expect(answer.headers['x-request-id']).toMatch(/^req_/);
      expect(answer.headers['set-cookie']).toBeUndefined();
      const problem = JSON.parse(answer.body);
      expect({ status: problem.status, requestId: problem.requestId }).toEqual({ status, requestId: answer.headers['x-request-id'] });
      expect(answer.closed).toBe(true);
      expect(await keyCount()).toBe(before);
    },
  );

  it('when a chunk breaks after the request reached express, then one problem answer, with the request id express gave it', async () => {
    const answer = await rawRequest(platform.url, `${start()}Transfer-Encoding: chunked\r\n\r\n5\r\n{"nam\r\nzz\r\n`);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).requestId).toBe(answer.headers['x-request-id']);
    expect(answer.body.match(/HTTP\/1\.1/g)).toBeNull();
  });
});

describe('requests Node would answer on its own', () => {
  it('when the method is CONNECT, then 405 problem+json with Allow rather than a dropped connection', async () => {
    const answer = await rawRequest(platform.url, 'CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBeTruthy();
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'method_not_allowed', requestId: answer.headers['x-request-id'] });
  });

  it('when Expect names something other than 100-continue, then it is ignored instead of a bare 417', async () => {
    const answer = await rawRequest(
      platform.url,
      'GET /billing/catalogue HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\nConnection: close\r\n\r\n',
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['x-request-id']).toMatch(/^req_/);
  });

  it('when a request carries 1,500 headers (under 16 KiB), then it is answered like any other, with its request id', async () => {
    const many = Array.from({ length: 1500 }, (_, i) => `h${i}: v\r\n`).join('');
    const answer = await rawRequest(platform.url, `GET /billing/catalogue HTTP/1.1\r\nHost: x\r\n${many}Connection: close\r\n\r\n`);
    expect(answer.status).toBe(200);
    expect(answer.headers['x-request-id']).toMatch(/^req_/);
  });
});

describe('the parser-error hook on its own', () => {
  const socketWith = (inFlight?: { headersSent: boolean; getHeader(name: string): string }) => {
    const written: string[] = [];
    const socket = new Duplex({ read() {}, write: (chunk: Buffer, _encoding, done) => (written.push(chunk.toString()), done()) });
    Object.assign(socket, { _httpMessage: inFlight });
    return { socket, written };
  };
  const timeout = Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });

  it('when a client is too slow to send its request, then 408 request_timeout rather than a 400', () => {
    const { socket, written } = socketWith();
    rejectMalformedRequest(timeout, socket);
    expect(written.join('')).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(written.join('')).toContain('"code":"request_timeout"');
  });

  it('when the answer to that request has already started, then the connection is closed and nothing more is written', () => {
    const { socket, written } = socketWith({ headersSent: true, getHeader: () => 'req_started' });
    rejectMalformedRequest(timeout, socket);
    expect(written).toEqual([]);
    expect(socket.destroyed).toBe(true);
  });

  it('when that request reached express but nothing was sent yet, then the problem carries the request id express gave it', () => {
    const { socket, written } = socketWith({ headersSent: false, getHeader: () => 'req_inflight' });
    rejectMalformedRequest(Object.assign(new Error('bad chunk'), { code: 'HPE_INVALID_CHUNK_SIZE' }), socket);
    expect(written.join('')).toContain('X-Request-Id: req_inflight\r\n');
    expect(written.join('')).toContain('"requestId":"req_inflight"');
  });
});
