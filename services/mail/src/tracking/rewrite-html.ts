import { Parser } from 'htmlparser2';
import { escape } from '@mailplane/html';
import { clickToken, openToken } from './tokens';

/** What the renderer needs to track a message's HTML: plain data, so it crosses to a delivery thread. */
export interface HtmlTracking {
  opens: boolean;
  clicks: boolean;
  /** Origin of the tracked links, `https://track.example.com`. */
  baseUrl: string;
  /** The message's own signing key (`messageKey`), never the platform's secret. */
  key: string;
  /** The message's sealed ids (`messageRef`). */
  ref: string;
  /** When the links stop redirecting, in Unix seconds. */
  expiresAt: number;
}

/** Longer links are left as they are: their token would make a link few clients follow. */
const MAX_TRACKED_URL = 2048;
const NO_TRACK = 'data-mailplane-no-track';

/**
 * The URL a link is tracked to, or null for a link left alone: not http(s), an unsubscribe link (the recipient's
 * way out must not depend on the tracking host), marked `data-mailplane-no-track`, or too long.
 */
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

/**
 * The HTML with each trackable link pointing at its signed redirect and, with opens, a 1×1 image before `</body>`
 * (or at the end). Only the rewritten start tags change; every other byte stays as written.
 */
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
