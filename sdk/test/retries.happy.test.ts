import { tenantWithDomain } from '../../test/support/mail';
import { sharedPlatform } from '../../test/support/platform';
import { recordingFetch, sdkFor } from './support/recording-fetch';

describe('SDK: retries on 429', () => {
  // One send per second per tenant, so that three concurrent sends are certain to be limited.
  const platform = sharedPlatform({ SEND_RATE_LIMIT: '1', SEND_RATE_WINDOW_SECONDS: '1' });

  it('when sends are rate limited, then each is retried after Retry-After with its own key, and all are sent once', async () => {
    const t = await tenantWithDomain(platform);
    const recorder = recordingFetch();
    const mailplane = sdkFor(platform, t.key, { fetch: recorder.fetch, maxRetries: 6 });
    const send = (i: number) => mailplane.emails.send({ from: `a@${t.domain}`, to: `r${i}@example.org`, subject: `n${i}`, text: 'x' });

    const results = await Promise.all([send(1), send(2), send(3)]);

    expect(new Set(results.map((r) => r.id)).size).toBe(3);
    const limited = recorder.exchanges.filter((e) => e.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    for (const answer of limited) {
      const key = answer.headers['Idempotency-Key'];
      const next = recorder.exchanges.find((e) => e.sentAt >= answer.answeredAt && e.headers['Idempotency-Key'] === key);
      expect(next).toBeDefined();
      // Timers may fire a millisecond early against Date.now(); Retry-After is whole seconds.
      expect(next!.sentAt - answer.answeredAt).toBeGreaterThanOrEqual(Number(answer.retryAfter) * 1000 - 2);
    }
    expect((await mailplane.emails.list()).total).toBe(3);
  });
});
