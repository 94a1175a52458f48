import { machineReason } from '../src/tracking/machines';
import { trackHtml, type HtmlTracking } from '../src/tracking/rewrite-html';
import { messageKey, messageRef, verifyToken } from '../src/tracking/tokens';

const SECRET = 'tracking-secret-0123456789abcdef0123456';
const claim = { tenantId: 'ten_0000000000000000000000000a', messageId: 'msg_0000000000000000000000000b' };
const tracking = (over: Partial<HtmlTracking> = {}): HtmlTracking => ({
  opens: true,
  clicks: true,
  baseUrl: 'https://track.example.com',
  key: messageKey(SECRET, claim.tenantId, claim.messageId),
  ref: messageRef(SECRET, claim.tenantId, claim.messageId),
  expiresAt: Math.floor(Date.now() / 1000) + 3600,
  ...over,
});
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));

describe('rewriting the HTML of a tracked message', () => {
  it('when a link is http(s), then it points at a signed redirect that verifies to its own URL', () => {
    const out = trackHtml('<p><a class="btn" href="https://shop.example.com/sale?a=1&amp;b=2">Shop</a></p>', tracking({ opens: false }));
    const [href] = hrefs(out);
    expect(href).toMatch(/^https:\/\/track\.example\.com\/track\/click\//);
    expect(verifyToken(SECRET, 'click', href.split('/').pop()!, 'track.example.com', new Date())).toEqual({
      state: 'live',
      claim: { ...claim, url: 'https://shop.example.com/sale?a=1&b=2' },
    });
    expect(out).toContain('class="btn"');
    expect(out).toMatch(/>Shop<\/a><\/p>$/);
  });

  it('when a link is mailto:, an unsubscribe link, relative or marked data-mailplane-no-track, then it is left exactly as written', () => {
    const html =
      '<a href="mailto:help@example.com">Mail</a><a href="https://example.com/unsubscribe?u=1">Out</a>' +
      '<a href=\'/relative\'>Rel</a><a data-mailplane-no-track href="https://example.com/private">Private</a><a name="top">Top</a>';
    expect(trackHtml(html, tracking({ opens: false }))).toBe(html);
  });

  it('when opens are tracked, then a 1×1 image goes just before </body>, or at the end without one', () => {
    const withBody = trackHtml('<html><body><p>Hi</p></body></html>', tracking({ clicks: false }));
    expect(withBody).toMatch(
      /<p>Hi<\/p><img src="https:\/\/track\.example\.com\/track\/open\/o2\.[^"]+" width="1" height="1" alt=""[^>]*><\/body><\/html>$/,
    );
    const token = /track\/open\/([^"]+)"/.exec(withBody)![1];
    expect(verifyToken(SECRET, 'open', token, 'track.example.com', new Date())).toEqual({ state: 'live', claim });
    expect(trackHtml('<p>Hi</p>', tracking({ clicks: false }))).toMatch(/^<p>Hi<\/p><img /);
  });

  it('when an attribute value holds quotes or angle brackets, then the rewritten tag escapes them', () => {
    const out = trackHtml(`<a title='say "hi" <now>' href="https://example.com/">x</a>`, tracking({ opens: false }));
    expect(out).toContain('title="say &quot;hi&quot; &lt;now&gt;"');
  });
});

describe('telling machines from people', () => {
  const at = new Date('2026-05-01T10:00:10Z');
  const sentAt = new Date('2026-05-01T10:00:00Z');
  const browser = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)';
  const reason = (over: Partial<Parameters<typeof machineReason>[0]>) =>
    machineReason({ kind: 'open', userAgent: browser, sentAt, at, windowMs: 2000, ...over });

  it.each([
    ['an open by Apple Mail Privacy Protection', { userAgent: 'Mozilla/5.0' }, 'apple_mail_privacy'],
    ['a link scanner', { kind: 'click' as const, userAgent: 'Mozilla/5.0 (compatible; Barracuda Sentinel)' }, 'scanner'],
    ['no user agent', { userAgent: null }, 'scanner'],
    ['a prefetching proxy', { userAgent: 'Mozilla/5.0 (prefetch) ImageFetcher' }, 'prefetcher'],
    ['a click a second after delivery', { kind: 'click' as const, at: new Date(sentAt.getTime() + 1000) }, 'too_soon'],
    ['a reader ten seconds after delivery', {}, null],
    [
      "Gmail's image proxy, which fetches when the reader opens",
      { userAgent: 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)' },
      null,
    ],
  ])('when the fetch is %s, then it is %s', (_label, over, expected) => {
    expect(reason(over)).toBe(expected);
  });
});
