import { AppError, ErrorCodes, isErrorCode, problemType } from '../src/errors';
import { document } from '../src/openapi';

const schemas = document.components.schemas as Record<string, { enum?: string[]; description?: string }>;

describe('the error table', () => {
  it('gives every code a client or server error status and a title', () => {
    for (const [code, entry] of Object.entries(ErrorCodes)) {
      expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(entry.status).toBeLessThan(600);
      expect(entry.title.length).toBeGreaterThan(0);
    }
  });

  it('equals the `code` enum of Problem in openapi.yaml', () => {
    expect([...(schemas.ProblemCode.enum ?? [])].sort()).toEqual(Object.keys(ErrorCodes).sort());
  });

  it('is the table the document describes (status of each code)', () => {
    const text = (schemas.ProblemCode.description ?? '').replace(/\s+/g, ' ');
    for (const [code, { status }] of Object.entries(ErrorCodes)) {
      const group = new RegExp(`${status} ([a-z_, ]+?)(;|\\.|$)`).exec(text);
      expect([code, group?.[1].split(', ').includes(code)]).toEqual([code, true]);
    }
  });

  it('fixes the statuses the spec and the brief name', () => {
    const status = (code: keyof typeof ErrorCodes) => ErrorCodes[code].status;
    expect(status('quota_exceeded')).toBe(422);
    expect(status('rate_limited')).toBe(429);
    expect(status('idempotency_key_reused')).toBe(422);
    expect(status('idempotency_key_in_flight')).toBe(429);
    expect(status('payment_declined')).toBe(402);
    expect(status('quote_not_consented')).toBe(409);
    expect(status('already_subscribed')).toBe(409);
    expect(status('no_subscription')).toBe(404);
    expect(status('billing_not_configured')).toBe(503);
    expect(status('token_expired')).toBe(410);
    expect(status('restricted_api_key')).toBe(401);
    expect(status('identity_unverified')).toBe(400);
  });
});

describe('AppError', () => {
  it('takes its status from the table and keeps detail, extra members and headers', () => {
    const err = new AppError('rate_limited', 'Slow down.', { extra: { violatedPolicy: 'send' }, headers: { 'Retry-After': '1' } });
    expect(err).toBeInstanceOf(Error);
    expect({ code: err.code, status: err.status, detail: err.detail, message: err.message }).toEqual({
      code: 'rate_limited',
      status: 429,
      detail: 'Slow down.',
      message: 'Slow down.',
    });
    expect(err.extra).toEqual({ violatedPolicy: 'send' });
    expect(err.headers).toEqual({ 'Retry-After': '1' });
    expect(new AppError('internal').message).toBe(ErrorCodes.internal.title);
  });

  it('names problem types after their code', () => {
    expect(problemType('not_found')).toBe('https://mailplane.dev/problems/not_found');
    expect(isErrorCode('not_found')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
  });
});
