/** Markup that is already safe: what `html` produces, never a value from outside. */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

type Part = Html | string | number | null | undefined | false | Part[];
const render = (part: Part): string =>
  part === null || part === undefined || part === false
    ? ''
    : Array.isArray(part)
      ? part.map(render).join('')
      : part instanceof Html
        ? part.value
        : escape(String(part));

/** A template whose interpolated values are escaped, unless they are `Html` themselves (nested templates). */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  return new Html(strings.reduce((out, s, i) => out + s + (i < values.length ? render(values[i]) : ''), ''));
}

/** An instant as every page shows it: UTC to the second, in a <time> element; `none` when there is none. */
export const when = (iso: string | null | undefined, none = '—') =>
  iso ? html`<time datetime="${iso}">${iso.replace('T', ' ').slice(0, 19)} UTC</time>` : none;

/** The session's synchronizer token, in every form that changes something. */
export const csrfField = (csrf: string) => html`<input type="hidden" name="csrf" value="${csrf}" />`;
