import { convert } from 'html-to-text';

// Links keep their target as `text [url]`; images, which a text reader cannot show, are dropped.
const OPTIONS = {
  wordwrap: 78,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'img', format: 'skip' },
  ],
};

/**
 * The plain-text part of a message: the sender's text; derived from the HTML when only HTML was given (an
 * HTML-only message scores worse with spam filters and shows nothing in text-only readers); none when the
 * sender opted out with an empty text.
 */
export function textPart(text: string | undefined, html: string | undefined): string | undefined {
  if (text === '') return undefined;
  if (text !== undefined || html === undefined) return text;
  return convert(html, OPTIONS) || undefined;
}
