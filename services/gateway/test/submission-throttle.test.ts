import { manualClock } from '@mailplane/runtime';
import { authThrottle, AUTH_FAILURE_WINDOW_MS } from '../src/domain/submission/auth-throttle';

describe('the throttle of failed SMTP authentications', () => {
  it('when a client fails its maximum within the window, then it waits until the window closes, and then it may try again', () => {
    const clock = manualClock();
    const throttle = authThrottle(3, clock);
    for (let i = 0; i < 2; i++) throttle.failed('192.0.2.1');
    expect(throttle.waitFor('192.0.2.1')).toBe(0);
    clock.advance(60_000);
    throttle.failed('192.0.2.1');
    expect(throttle.waitFor('192.0.2.1')).toBe(AUTH_FAILURE_WINDOW_MS - 60_000);
    expect(throttle.waitFor('192.0.2.2')).toBe(0);
    clock.advance(AUTH_FAILURE_WINDOW_MS - 60_000);
    expect(throttle.waitFor('192.0.2.1')).toBe(0);
    throttle.failed('192.0.2.1');
    expect(throttle.waitFor('192.0.2.1')).toBe(0);
  });

  it('when a client succeeds, then its failures are forgotten', () => {
    const throttle = authThrottle(2, manualClock());
    throttle.failed('192.0.2.1');
    throttle.succeeded('192.0.2.1');
    throttle.failed('192.0.2.1');
    expect(throttle.waitFor('192.0.2.1')).toBe(0);
  });

  it('when the failures come from every address of one IPv6 /64, then they count as one client', () => {
    const throttle = authThrottle(2, manualClock());
    throttle.failed('2001:db8:1:2::1');
    throttle.failed('2001:db8:1:2::ffff');
    expect(throttle.waitFor('2001:db8:1:2::abcd')).toBeGreaterThan(0);
    expect(throttle.waitFor('2001:db8:1:3::1')).toBe(0);
  });
});
