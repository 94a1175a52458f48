// The HTML kit of server-rendered pages: escaping by default, a small public page's shell, cookie parsing that never throws.
import { parse } from 'cookie';

/** Markup that is already safe: what `html` produces, never a value from outside. */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

export type HtmlPart = Html | string | number | null | undefined | false | HtmlPart[];
const render = (part: HtmlPart): string =>
  part === null || part === undefined || part === false
    ? ''
    : Array.isArray(part)
      ? part.map(render).join('')
      : part instanceof Html
        ? part.value
        : escape(String(part));

/** A template whose interpolated values are escaped, unless they are `Html` themselves (nested templates). */
export function html(strings: TemplateStringsArray, ...values: HtmlPart[]): Html {
  return new Html(strings.reduce((out, s, i) => out + s + (i < values.length ? render(values[i]) : ''), ''));
}

const PUBLIC_STYLE = `
  body { font: 1.0625rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; padding: 1.5rem; color: #1a1a1a; background: #f6f6f4; }
  main { max-width: 30rem; margin: 10vh auto 0; background: #fff; padding: 2rem 1.5rem; border-radius: .75rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  h1 { font-size: 1.375rem; margin: 0 0 1rem; }
  button { font: inherit; font-weight: 600; width: 100%; min-height: 3rem; border: 0; border-radius: .5rem; background: #1d4ed8; color: #fff; cursor: pointer; }
  button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .muted { color: #4b5563; font-size: .9375rem; }
`;

/** A page for someone with no account (a recipient, a customer): one card, never indexed; `refreshSeconds` reloads it. */
export function publicPage(title: string, body: Html, refreshSeconds?: number): string {
  const refresh = refreshSeconds ? html`<meta http-equiv="refresh" content="${refreshSeconds}" />` : '';
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        ${refresh}
        <title>${title}</title>
        <style>
          ${new Html(PUBLIC_STYLE)}
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html> `.value;
}

/** The request's cookies by name; a malformed header or value yields what can be read, never an error. */
export function cookiesOf(header: string | undefined): Record<string, string | undefined> {
  try {
    return parse(header ?? '');
  } catch {
    return {};
  }
}
