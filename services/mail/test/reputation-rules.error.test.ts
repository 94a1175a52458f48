import { mailConfig } from '../src/config';
import { ratesOf, statusFor } from '../src/domain/reputation/rates';
import { REQUIRED_MAIL_ENV } from './support/required-config';

const required = REQUIRED_MAIL_ENV;
const config = mailConfig(required).reputation;
const rates = (attempted: number, bounced: number, sent = attempted - bounced, complained = 0) =>
  ratesOf({ attempted, bounced, sent, complained });

describe('reputation rules', () => {
  it("when nothing is set, then SES's thresholds apply over 7 days from 200 recipients", () => {
    expect(config).toEqual({
      windowDays: 7,
      bounceReview: 0.05,
      bouncePause: 0.1,
      complaintReview: 0.001,
      complaintPause: 0.005,
      minVolume: 200,
      holdRecheckMs: 30_000,
    });
  });

  it('when a threshold is not a fraction or a pause is below its review, then the configuration is refused', () => {
    for (const bad of ['0', '1.5', '-0.1', '5%', 'abc', '0.1.2'])
      expect(() => mailConfig({ ...required, REPUTATION_BOUNCE_REVIEW: bad })).toThrow(/REPUTATION_BOUNCE_REVIEW/);
    expect(() => mailConfig({ ...required, REPUTATION_BOUNCE_REVIEW: '0.2', REPUTATION_BOUNCE_PAUSE: '0.1' })).toThrow(
      /REPUTATION_BOUNCE_PAUSE/,
    );
    expect(() => mailConfig({ ...required, REPUTATION_COMPLAINT_PAUSE: '0.0001' })).toThrow(/REPUTATION_COMPLAINT_PAUSE/);
    expect(() => mailConfig({ ...required, REPUTATION_MIN_VOLUME: '0' })).toThrow(/REPUTATION_MIN_VOLUME/);
    expect(() => mailConfig({ ...required, REPUTATION_WINDOW_DAYS: '0' })).toThrow(/REPUTATION_WINDOW_DAYS/);
  });

  it('when fewer than the minimum volume were attempted, then no rate changes the status', () => {
    expect(statusFor('healthy', rates(199, 199), config)).toBeNull();
    expect(statusFor('under_review', rates(199, 0), config)).toBeNull();
  });

  it('when a rate reaches a threshold exactly, then it counts; a pause stays until an operator lifts it', () => {
    expect(statusFor('healthy', rates(200, 9), config)).toEqual({ status: 'healthy', reason: null });
    expect(statusFor('healthy', rates(200, 10), config)).toMatchObject({ status: 'under_review', reason: 'bounce rate 5 % reached 5 %' });
    expect(statusFor('healthy', rates(200, 20), config)).toMatchObject({ status: 'paused', reason: 'bounce rate 10 % reached 10 %' });
    expect(statusFor('healthy', rates(1000, 0, 1000, 1), config)).toMatchObject({ status: 'under_review', reason: /complaint rate 0.1 %/ });
    expect(statusFor('healthy', rates(1000, 0, 1000, 5), config)).toMatchObject({ status: 'paused' });
    expect(statusFor('under_review', rates(200, 0), config)).toEqual({ status: 'healthy', reason: null });
    expect(statusFor('paused', rates(10_000, 0), config)).toBeNull();
  });

  it('when nothing was sent or more was reported than sent, then the rates stay between 0 and 1', () => {
    expect(rates(0, 0)).toMatchObject({ bounceRate: 0, complaintRate: 0 });
    expect(ratesOf({ attempted: 2, bounced: 5, sent: 1, complained: 3 })).toMatchObject({ bounceRate: 1, complaintRate: 1 });
  });
});
