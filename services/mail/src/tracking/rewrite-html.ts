import { Parser } from 'htmlparser2';
import { escape } from '@mailplane/html';
import { clickToken, openToken } from './tokens';

/** What the renderer needs to track a message's HTML: plain data, so it crosses to a delivery thread. */
export interface HtmlTracking {
  opens: boolean;
  clicks: boolean;
  baseUrl: string;
  /** The message's own signing key (`messageKey`), never the platform's secret. */
  key: string;
  ref: string;
  expiresAt: number;
}

/** Longer links are left as they are: their token would make a link few clients follow. */
const MAX_TRACKED_URL = 2048;
const NO_TRACK = 'data-mailplane-no-track';

/** Null for a link left alone, as every unsubscribe link is: the recipient's way out must not depend on the tracking host. */
function trackableUrl(attribs: Record<string, string>): string | null {
  const href = attribs.href?.trim();
  if (!href || NO_TRACK in attribs || href.length > MAX_TRACKED_URL || /unsubscribe/i.test(href)) return null;
  if (!URL.canParse(href)) return null;
  const url = new URL(href);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

const startTag = (name: string, attribs: Record<string, string>) =>
  `<${name}${Object.entries(attribs)
    .map(([k, v]) => ` ${k}="${escape(v)}"`)
    .join('')}>`;

/** Only the rewritten start tags change (and the open image goes before `</body>`); every other byte stays as written. */
export function trackHtml(html: string, tracking: HtmlTracking): string {
  const binding = { ref: tracking.ref, host: new URL(tracking.baseUrl).hostname, expiresAt: tracking.expiresAt };
  const edits: { start: number; end: number; text: string }[] = [];
  let bodyEnd = -1;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (!tracking.clicks || name !== 'a') return;
        const url = trackableUrl(attribs);
        if (url === null) return;
        const href = `${tracking.baseUrl}/track/click/${clickToken(tracking.key, binding, url)}`;
        edits.push({ start: parser.startIndex, end: parser.endIndex + 1, text: startTag(name, { ...attribs, href }) });
      },
      onclosetag(name, isImplied) {
        if (name === 'body' && !isImplied) bodyEnd = parser.startIndex;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  if (tracking.opens) {
    const src = `${tracking.baseUrl}/track/open/${openToken(tracking.key, binding)}`;
    const image = `<img src="${escape(src)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
    edits.push({ start: bodyEnd < 0 ? html.length : bodyEnd, end: bodyEnd < 0 ? html.length : bodyEnd, text: image });
  }
  let out = '';
  let at = 0;
  for (const edit of edits.sort((a, b) => a.start - b.start)) {
    out += html.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + html.slice(at);
}
