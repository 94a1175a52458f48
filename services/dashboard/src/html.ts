import { html } from '@mailplane/runtime';

export { escape, html, Html } from '@mailplane/runtime';

/** An instant as every page shows it: UTC to the second, in a <time> element; `none` when there is none. */
export const when = (iso: string | null | undefined, none = '—') =>
  iso ? html`<time datetime="${iso}">${iso.replace('T', ' ').slice(0, 19)} UTC</time>` : none;

/** The session's synchronizer token, in every form that changes something. */
export const csrfField = (csrf: string) => html`<input type="hidden" name="csrf" value="${csrf}" />`;

/**
 * A table row's one-button action that needs no confirming (it can be undone): the row shows the subject, so the
 * button's accessible name (`buttonLabel`) says it; `fields` go along hidden.
 */
export const rowActionForm = (a: { action: string; csrf: string; button: string; buttonLabel: string; fields?: Record<string, string> }) =>
  html`<form method="post" action="${a.action}">
    ${csrfField(a.csrf)}${Object.entries(a.fields ?? {}).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`)}
    <button type="submit" aria-label="${a.buttonLabel}">${a.button}</button>
  </form>`;

/** A form whose change cannot be undone: its button does nothing until the box beside it is ticked. */
export interface ConfirmedAction {
  action: string;
  csrf: string;
  /** What ticking the box agrees to ("Delete this endpoint"). */
  confirm: string;
  /** The button's text. */
  button: string;
  /**
   * In a table row, where the row shows the subject: the button's accessible name ("Remove Ann"), the box's label
   * then read by screen readers only.
   */
  buttonLabel?: string;
}

export function confirmedActionForm({ action, csrf, confirm, button, buttonLabel }: ConfirmedAction) {
  const box = html`<input type="checkbox" name="confirm" value="yes" required />`;
  if (buttonLabel)
    return html`<form method="post" action="${action}">
      ${csrfField(csrf)}
      <label>${box} <span class="visually-hidden">${confirm}</span></label>
      <button type="submit" aria-label="${buttonLabel}">${button}</button>
    </form>`;
  return html`<form method="post" action="${action}" class="inline-form">
    ${csrfField(csrf)}
    <label>${box} ${confirm}</label>
    <button type="submit">${button}</button>
  </form>`;
}
