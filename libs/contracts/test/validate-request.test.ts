import { validateRequest } from '../src/validation';

const json = (body: unknown) => ({ body, contentType: 'application/json' });
const errorsOf = (r: ReturnType<typeof validateRequest>) => (r.ok ? [] : r.errors);
const paths = (r: ReturnType<typeof validateRequest>) => errorsOf(r).map((e) => e.path);

const SEND = { from: 'Acme <billing@acme.example.com>', to: 'jane@example.org', subject: 'Your receipt', text: 'Thanks' };
const ID = 'msg_01j9zzzzzzzzzzzzzzzzzzzzzz';

describe('validateRequest: paging', () => {
  it('when limit and offset are absent, then the defaults 20 and 0 apply', () => {
    expect(validateRequest('listEmails', { query: {} })).toEqual({
      ok: true,
      value: { params: {}, query: { limit: 20, offset: 0 }, body: undefined },
    });
  });

  it('when limit and offset arrive as strings, then they are coerced to integers', () => {
    const r = validateRequest('listIdentities', { query: { limit: '100', offset: '10000' } });
    expect(r).toMatchObject({ ok: true, value: { query: { limit: 100, offset: 10000 } } });
  });

  it.each([['0'], ['101'], ['-1'], ['1.5'], ['ten'], ['']])('when limit is %p, then 400 rather than clamping', (limit) => {
    expect(paths(validateRequest('listWebhookEndpoints', { query: { limit } }))).toEqual(['/query/limit']);
  });

  it('when offset is beyond 10000, then it is rejected', () => {
    expect(paths(validateRequest('listSuppressions', { query: { offset: '10001' } }))).toEqual(['/query/offset']);
  });

  it('when a query parameter is unknown, then it is ignored and left out of the value', () => {
    const r = validateRequest('listEmails', { query: { page: '2', utm_source: 'x' } });
    expect(r).toEqual({ ok: true, value: { params: {}, query: { limit: 20, offset: 0 }, body: undefined } });
  });

  it('when a route takes no query at all, then any parameter, __proto__ included, is ignored', () => {
    const query = JSON.parse('{"limit":"5","__proto__":"x","constructor":"y"}');
    expect(validateRequest('getCatalogue', { query })).toEqual({ ok: true, value: { params: {}, query: {}, body: undefined } });
  });

  it.each([['1e1'], ['0x10'], ['+5'], ['5.0'], [' 5'], ['1234567890123456']])(
    'when an integer is written %p rather than in decimal digits, then 400',
    (offset) => {
      expect(paths(validateRequest('listEmails', { query: { offset } }))).toEqual(['/query/offset']);
    },
  );

  it('when a parameter is repeated, then it is rejected instead of picking one', () => {
    expect(paths(validateRequest('listEmails', { query: { limit: ['5', '6'] } }))).toEqual(['/query/limit']);
  });
});

describe('validateRequest: GET /emails filters', () => {
  it('accepts every filter', () => {
    const query = {
      identityId: 'idn_01j9zzzzzzzzzzzzzzzzzzzzzz',
      status: 'deferred',
      q: 'receipt',
      from: '2026-01-01T00:00:00Z',
      to: '2026-02-01T00:00:00+01:00',
    };
    const canonical = { from: '2026-01-01T00:00:00.000Z', to: '2026-01-31T23:00:00.000Z' };
    expect(validateRequest('listEmails', { query })).toMatchObject({
      ok: true,
      value: { query: { ...query, ...canonical, limit: 20, offset: 0 } },
    });
  });

  it('honours a leap second as the next second, in UTC, whatever the offset', () => {
    const query = { from: '2016-12-31T23:59:60Z', to: '2017-01-01T00:59:60.5+01:00' };
    expect(validateRequest('listEmails', { query })).toMatchObject({
      ok: true,
      value: { query: { from: '2017-01-01T00:00:00.000Z', to: '2017-01-01T00:00:00.500Z' } },
    });
  });

  it('rejects a leap second anywhere but at the end of a UTC day, and impossible dates', () => {
    expect(paths(validateRequest('listEmails', { query: { from: '2016-12-31T12:00:60Z', to: '2021-02-29T00:00:00Z' } }))).toEqual([
      '/query/from',
      '/query/to',
    ]);
  });

  it('rejects an unknown status, a non-RFC 3339 date and an empty search', () => {
    const r = validateRequest('listEmails', { query: { status: 'lost', from: '2026-01-01', q: '' } });
    expect(paths(r).sort()).toEqual(['/query/from', '/query/q', '/query/status']);
  });
});

describe('validateRequest: path parameters', () => {
  it('accepts a well-formed id', () => {
    expect(validateRequest('getEmail', { params: { id: ID } })).toMatchObject({ ok: true, value: { params: { id: ID } } });
  });

  it('rejects an id of the wrong shape or prefix', () => {
    expect(paths(validateRequest('getEmail', { params: { id: 'key_01j9zzzzzzzzzzzzzzzzzzzzzz' } }))).toEqual(['/params/id']);
    expect(paths(validateRequest('revokeApiKey', { params: { id: '../etc' } }))).toEqual(['/params/id']);
  });
});

describe('validateRequest: POST /emails', () => {
  it('when the body is valid, then it passes unchanged', () => {
    const full = {
      ...SEND,
      html: '<p>Thanks</p>',
      replyTo: 'help@acme.example.com',
      identityId: 'idn_01j9zzzzzzzzzzzzzzzzzzzzzz',
      headers: { 'X-Entity-Ref-ID': 'abc-123' },
      tags: [{ name: 'category', value: 'receipt' }],
      metadata: { orderId: '42' },
      attachments: [{ filename: 'receipt.pdf', content: 'JVBERi0xLjQK', contentType: 'application/pdf' }],
    };
    expect(validateRequest('sendEmail', { ...json(full), headers: { 'idempotency-key': 'order-42' } })).toEqual({
      ok: true,
      value: { params: {}, query: {}, body: full },
    });
  });

  it('when the subject carries CR or LF, then it is rejected (header injection)', () => {
    expect(paths(validateRequest('sendEmail', json({ ...SEND, subject: 'Hi\r\nBcc: victim@example.org' })))).toEqual(['/body/subject']);
  });

  it('when a field is unknown, then it is rejected', () => {
    expect(errorsOf(validateRequest('sendEmail', json({ ...SEND, priority: 'high' })))).toEqual([
      { path: '/body/priority', message: 'is not allowed' },
    ]);
  });

  it('when neither text nor html is given, then one of them is asked for', () => {
    const { text: _text, ...noBody } = SEND;
    expect(errorsOf(validateRequest('sendEmail', json(noBody)))).toEqual([{ path: '/body', message: 'needs one of: text, html' }]);
  });

  it('when `to` holds several addresses in one string, then it is rejected; as a list, each is checked', () => {
    expect(paths(validateRequest('sendEmail', json({ ...SEND, to: 'a@example.org, b@example.org' })))).toEqual(['/body/to']);
    expect(
      validateRequest(
        'sendEmail',
        json({ ...SEND, to: ['a@example.org', 'Bee <b@example.org>'], cc: 'c@example.org', bcc: ['d@example.org'] }),
      ).ok,
    ).toBe(true);
    expect(paths(validateRequest('sendEmail', json({ ...SEND, to: ['a@example.org', 'not an address'] })))).toEqual(['/body/to/1']);
    expect(paths(validateRequest('sendEmail', json({ ...SEND, cc: [] })))).toEqual(['/body/cc']);
    expect(paths(validateRequest('sendEmail', json({ ...SEND, bcc: Array.from({ length: 51 }, (_, i) => `r${i}@example.org`) })))).toEqual([
      '/body/bcc',
    ]);
    expect(paths(validateRequest('sendEmail', json({ ...SEND, to: [42] })))).toEqual(['/body/to/0']);
  });

  it('when a custom header is reserved, malformed or carries a line break, then it is rejected', () => {
    for (const headers of [{ 'dkim-signature': 'x' }, { 'List-Unsubscribe': '<x>' }, { 'Bad Name': 'x' }, { 'X-Ok': 'a\nb' }]) {
      expect(validateRequest('sendEmail', json({ ...SEND, headers })).ok).toBe(false);
    }
  });

  it('when there are more than 10 tags or attachments, or a tag has odd characters, then it is rejected', () => {
    const tags = Array.from({ length: 11 }, (_, i) => ({ name: `t${i}`, value: 'v' }));
    expect(paths(validateRequest('sendEmail', json({ ...SEND, tags })))).toEqual(['/body/tags']);
    expect(paths(validateRequest('sendEmail', json({ ...SEND, tags: [{ name: 'a b', value: 'v' }] })))).toEqual(['/body/tags/0/name']);
    const attachments = Array.from({ length: 11 }, () => ({ filename: 'a.txt', content: 'YQ==' }));
    expect(paths(validateRequest('sendEmail', json({ ...SEND, attachments })))).toEqual(['/body/attachments']);
  });

  it.each([
    ['YQ==', true],
    ['YWI=', true],
    ['YWJj', true],
    ['YQ', true],
    ['a+b/', true],
    ['', false],
    ['====', false],
    ['YQ===', false],
    ['Y Q==', false],
    ['YQ==\n', false],
    ['YQ-_', false],
    ['YQ=a', false],
    ['é', false],
  ])("when an attachment's content is %p, then base64 is %p", (content, ok) => {
    const r = validateRequest('sendEmail', json({ ...SEND, attachments: [{ filename: 'a.bin', content }] }));
    expect([...new Set(paths(r))]).toEqual(ok ? [] : ['/body/attachments/0/content']);
  });

  // V8 can throw RangeError ("Maximum call stack size exceeded") running a regular expression over a string
  // of megabytes; that was a 500 for a 15 MB attachment. Length limits answer first, patterns never see it.
  it('when strings of megabytes arrive, then the length rules answer and no pattern runs on them', () => {
    const huge = 'a'.repeat(12 << 20);
    const r = validateRequest('sendEmail', json({ ...SEND, to: huge, subject: huge, headers: { 'X-Note': huge } }));
    expect(errorsOf(r)).toEqual([
      { path: '/body/to', message: 'must NOT have more than 320 characters' },
      { path: '/body/subject', message: 'must NOT have more than 998 characters' },
      { path: '/body/headers/X-Note', message: 'must NOT have more than 998 characters' },
    ]);
    const content = Buffer.alloc(12 << 20, 7).toString('base64');
    expect(validateRequest('sendEmail', json({ ...SEND, attachments: [{ filename: 'a.bin', content }] })).ok).toBe(true);
    expect(paths(validateRequest('sendEmail', json({ ...SEND, attachments: [{ filename: 'a.bin', content: `${content}!` }] })))).toEqual([
      '/body/attachments/0/content',
    ]);
  });

  it('when the Idempotency-Key header is too long or not printable ASCII, then it is rejected', () => {
    expect(paths(validateRequest('sendEmail', { ...json(SEND), headers: { 'Idempotency-Key': 'k'.repeat(256) } }))).toEqual([
      '/headers/idempotency-key',
    ]);
    expect(paths(validateRequest('sendEmail', { ...json(SEND), headers: { 'idempotency-key': 'clé' } }))).toEqual([
      '/headers/idempotency-key',
    ]);
  });

  it('when the body is missing or of another media type, then it is rejected', () => {
    expect(paths(validateRequest('sendEmail', {}))).toEqual(['/body']);
    expect(paths(validateRequest('sendEmail', { body: 'x', contentType: 'text/plain' }))).toEqual(['/headers/content-type']);
  });
});

describe('validateRequest: other bodies', () => {
  it("applies body defaults without touching the caller's object", () => {
    const body = { name: 'ci' };
    expect(validateRequest('createApiKey', json(body))).toMatchObject({ ok: true, value: { body: { name: 'ci', permission: 'full' } } });
    expect(body).toEqual({ name: 'ci' });
  });

  it('requires at least one field in a webhook endpoint update', () => {
    expect(paths(validateRequest('updateWebhookEndpoint', { params: { id: 'whe_01j9zzzzzzzzzzzzzzzzzzzzzz' }, ...json({}) }))).toEqual([
      '/body',
    ]);
    expect(
      validateRequest('updateWebhookEndpoint', { params: { id: 'whe_01j9zzzzzzzzzzzzzzzzzzzzzz' }, ...json({ disabled: true }) }).ok,
    ).toBe(true);
  });

  it('accepts known event types and `*`, and refuses others and plain-http URLs', () => {
    expect(validateRequest('createWebhookEndpoint', json({ url: 'https://hooks.example.com/x', eventTypes: ['email.sent', '*'] })).ok).toBe(
      true,
    );
    expect(validateRequest('createWebhookEndpoint', json({ url: 'http://localhost:4000/hook', eventTypes: ['email.failed'] })).ok).toBe(
      true,
    );
    expect(paths(validateRequest('createWebhookEndpoint', json({ url: 'https://h.example.com', eventTypes: ['email.read'] })))).toEqual([
      '/body/eventTypes/0',
    ]);
    expect(paths(validateRequest('createWebhookEndpoint', json({ url: 'http://hooks.example.com/x', eventTypes: ['*'] })))).toEqual([
      '/body/url',
    ]);
    expect(paths(validateRequest('createWebhookEndpoint', json({ url: 'https://h.example.com', eventTypes: [] })))).toEqual([
      '/body/eventTypes',
    ]);
  });

  it('takes the unsubscribe token from a one-click form, a JSON body or the query alone', () => {
    expect(
      validateRequest('unsubscribe', {
        query: { token: 't0k' },
        body: { 'List-Unsubscribe': 'One-Click' },
        contentType: 'application/x-www-form-urlencoded',
      }).ok,
    ).toBe(true);
    expect(validateRequest('unsubscribe', json({ token: 't0k' })).ok).toBe(true);
    expect(validateRequest('unsubscribe', { query: { token: 't0k' } }).ok).toBe(true);
    expect(validateRequest('unsubscribe', json({ token: 't0k', extra: 1 })).ok).toBe(false);
  });

  it('does not look into the body of a raw-body webhook', () => {
    expect(validateRequest('hubWebhook', { body: 'not json', contentType: 'application/json' })).toMatchObject({
      ok: true,
      value: { body: 'not json' },
    });
  });

  it('accepts an upgrade only with an integer accepted amount', () => {
    expect(validateRequest('upgradeSubscription', json({ plan: 'pro', acceptedCents: 1234, consented: true })).ok).toBe(true);
    expect(paths(validateRequest('upgradeSubscription', json({ plan: 'pro', acceptedCents: 12.5 })))).toEqual(['/body/acceptedCents']);
  });
});
