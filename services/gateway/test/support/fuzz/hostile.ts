import zlib from 'node:zlib';
import fc from 'fast-check';

/** Characters Node lets a client put in a header value: visible ASCII and Latin-1 (CR, LF, NUL go through raw sockets). */
const headerChar = fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff })).map((c) => String.fromCharCode(c));
export const headerValue = fc.oneof(
  fc.string({ unit: headerChar, maxLength: 80 }),
  fc.integer({ min: 1, max: 12 }).map((n) => 'x'.repeat(n * 1000)),
);

const percentBytes = fc
  .uint8Array({ minLength: 1, maxLength: 12 })
  .map((bytes) => [...bytes].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''));

/** Path ids: undecodable, traversal, prototype names, control bytes, other prefixes, and long enough to overflow the headers. */
export const hostilePathId = fc.oneof(
  fc.constantFrom('%', '%E0%A4%A', '%ZZ', '%00', '..', '%2e%2e', '%2F..%2F..%2Fetc%2Fpasswd', '%C0%AF', '__proto__', 'constructor'),
  fc.constantFrom('key_', 'msg_', 'idn_', 'whe_', 'ten_', 'evt_').map((p) => `${p}${'0'.repeat(26)}`.toUpperCase()),
  percentBytes,
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  fc.integer({ min: 1, max: 20 }).map((n) => 'a'.repeat(n * 1000)),
);

/** Query strings a client or a proxy might send, written raw. */
export const hostileQueryPart = fc.oneof(
  fc.constantFrom(
    '__proto__=1',
    '__proto__[x]=1',
    'constructor=1',
    'prototype=',
    'toString=x',
    'a[b][c]=1',
    '%',
    '%%',
    '&&',
    '=',
    'utm_source=x',
  ),
  fc
    .tuple(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 40 }))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`),
);

/** Values for declared query parameters that a lenient parser would take, or that name no instant. */
export const hostileQueryValue = fc.constantFrom(
  '1e1',
  '0x10',
  '+5',
  '-0',
  '5.0',
  '',
  ' 5',
  'NaN',
  'Infinity',
  '9'.repeat(30),
  '2016-12-31T23:59:60Z',
  '2016-12-31T12:00:60Z',
  '2020-02-30T00:00:00Z',
  '2020-01-01T00:00:00',
  'x'.repeat(5000),
);

export const deepBody = fc
  .tuple(fc.integer({ min: 33, max: 5000 }), fc.boolean())
  .map(([depth, arrays]) => (arrays ? '['.repeat(depth) + ']'.repeat(depth) : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));

export const complexBody = fc
  .tuple(fc.integer({ min: 2001, max: 6000 }), fc.boolean())
  .map(([n, arrays]) => (arrays ? `[${'0,'.repeat(n)}0]` : `{${Array.from({ length: n }, (_, i) => `"k${i}":0`).join(',')}}`));

/** Bodies that are not JSON, or are JSON only to a lenient parser. */
export const brokenJson = fc.oneof(
  fc.constantFrom('{"name":', '{', 'nul', '{"a":1,}', "{'a':1}", '\uFEFF{}', '{"a":"\\ud800"}', '1e400', '"', '{"a":1}{"a":2}'),
  // Never empty: zero bytes are no body (an operation whose body is optional takes them), not a broken one.
  fc.uint8Array({ minLength: 1, maxLength: 64 }).map((b) => Buffer.from(b).toString('latin1')),
);

export const contentType = fc.constantFrom(
  'text/plain',
  'application/xml',
  'application/JSON',
  'application/json; charset=utf-16',
  'application/json;charset=latin1',
  'application/problem+json',
  'multipart/form-data',
  'application/x-www-form-urlencoded',
  '*/*',
  ';',
);

/** A Content-Encoding and bytes that may or may not be in it. */
export const encodedBody = fc
  .tuple(fc.constantFrom('gzip', 'deflate', 'br', 'zstd', 'x-unknown', 'gzip, identity', 'GZIP'), fc.boolean())
  .map(([encoding, valid]) => {
    const json = Buffer.from('{"name":"compressed"}');
    const bytes = !valid ? Buffer.from('not compressed at all') : encoding === 'br' ? zlib.brotliCompressSync(json) : zlib.gzipSync(json);
    return { encoding, bytes };
  });

export const authorization = (key: string) =>
  fc.oneof(
    fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', `bearer ${key}`, `Bearer  ${key}`, `Bearer ${key}x`, `Token ${key}`),
    fc.constantFrom('mp_', 'mp_00000000000000000000000000_', 'key_').map((p) => `Bearer ${p}${'A'.repeat(43)}`),
    headerValue.map((v) => `Bearer ${v}`),
  );
