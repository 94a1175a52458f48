import { html } from '@mailplane/runtime';

export { escape, html, Html } from '@mailplane/runtime';

/** An instant as every page shows it: UTC to the second, in a <time> element; `none` when there is none. */
export const when = (iso: string | null | undefined, none = '—') =>
  iso ? html`<time datetime="${iso}">${iso.replace('T', ' ').slice(0, 19)} UTC</time>` : none;

/** The session's synchronizer token, in every form that changes something. */
export const csrfField = (csrf: string) => html`<input type="hidden" name="csrf" value="${csrf}" />`;
