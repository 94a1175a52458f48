import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AppError, ErrorCodes, type ErrorCode } from '@mailplane/contracts';
import { refusalFor, REPLIES } from '../src/submission/entry-points/smtp-replies';

const MAIL = path.resolve(__dirname, '../../mail/src');
// The modules a submitted message goes through in mail (submit-email → send-email), as POST /emails does.
const ACCEPT_PATH = [
  'domain/submit-email',
  'domain/send-email',
  'domain/prepare-send',
  'domain/accept-message',
  'domain/idempotency',
  'domain/limits',
  'domain/recipients',
  'domain/address',
  'domain/scheduling/schedule-time',
  'domain/budget',
  'templates/domain/send-content',
  'tracking/domain/settings',
];
// limits.ts also holds the daily cap of POST /emails/test, which a submission never meets; a submitted message names no template.
const NOT_ON_THE_PATH = new Set([
  'test_email_limit_reached',
  'template_unavailable',
  'template_variables_missing',
  'template_render_failed',
]);

const codesRaisedIn = (module: string) =>
  [...readFileSync(path.join(MAIL, `${module}.ts`), 'utf8').matchAll(/new AppError\(\s*'([a-z_]+)'/g)].map((m) => m[1]);

describe('SMTP replies to the problems of the accept path', () => {
  it('when a module of the accept path raises a problem, then that problem has a reply of its own in the table', () => {
    const raised = new Set(ACCEPT_PATH.flatMap(codesRaisedIn).filter((code) => !NOT_ON_THE_PATH.has(code)));
    expect(raised.size).toBeGreaterThan(5);
    for (const code of raised) expect({ code, inTable: code in REPLIES }).toEqual({ code, inTable: true });
  });

  it('when mapped, then what a client must not retry is 5xx and what it should retry is 4xx, each with its enhanced status code first', () => {
    const replyTo = (code: ErrorCode) => {
      const refusal = refusalFor(new AppError(code, 'Why.'));
      return `${refusal.responseCode} ${refusal.enhanced}`;
    };
    const replies = Object.fromEntries((Object.keys(REPLIES) as ErrorCode[]).map((code) => [code, replyTo(code)]));
    expect(replies).toEqual({
      validation_failed: '550 5.6.0',
      unsafe_display_name: '550 5.7.1',
      identity_unverified: '550 5.7.1',
      from_domain_mismatch: '550 5.7.1',
      key_domain_mismatch: '550 5.7.1',
      sending_paused: '554 5.7.1',
      tracking_domain_unverified: '550 5.7.1',
      quota_exceeded: '550 5.4.5',
      rate_limited: '451 4.7.1',
      idempotency_key_in_flight: '451 4.3.0',
      idempotency_key_reused: '550 5.6.0',
      payload_too_large: '552 5.3.4',
      service_busy: '451 4.3.2',
      service_unavailable: '451 4.3.0',
      service_timeout: '451 4.3.0',
      outcome_unknown: '451 4.3.0',
      internal: '451 4.3.0',
      not_ready: '451 4.3.0',
    });
    for (const code of Object.keys(REPLIES) as ErrorCode[]) {
      const { responseCode, message } = refusalFor(new AppError(code, 'Why.'));
      expect(message).toMatch(new RegExp(`^${String(responseCode)[0]}\\.\\d\\.\\d+ \\S`));
    }
  });

  it('when attachments are over the size limit, then it is 552 5.3.4 (too big), not a content error', () => {
    const err = new AppError('validation_failed', 'Attachments may total 10485760 bytes; these are 10485761.', {
      extra: { errors: [{ path: '/body/attachments', message: 'more than 10485760 bytes in total' }] },
    });
    expect(refusalFor(err)).toMatchObject({ responseCode: 552, message: expect.stringMatching(/^5\.3\.4 Attachments may total/) });
  });

  it('when a problem names fields, then the reply names them as a message carries them', () => {
    const err = new AppError('validation_failed', 'The message does not meet the rules of a send.', {
      extra: {
        errors: [
          { path: '/body/subject', message: 'is required' },
          { path: '/body/headers/X-Long', message: 'must NOT have more than 998 characters' },
        ],
      },
    });
    expect(refusalFor(err).message).toBe(
      '5.6.0 The message does not meet the rules of a send. Subject is required; Header X-Long must NOT have more than 998 characters',
    );
  });

  it('when the problem is none the accept path raises, or not a problem at all, then it is a temporary failure or a plain refusal, never a crash', () => {
    expect(refusalFor(new Error('boom'))).toMatchObject({ responseCode: 451, message: '4.3.0 Internal error; try again' });
    const others = (Object.keys(ErrorCodes) as ErrorCode[]).filter((code) => !(code in REPLIES));
    for (const code of others) expect(refusalFor(new AppError(code)).responseCode).toBe(ErrorCodes[code].status >= 500 ? 451 : 554);
  });
});
