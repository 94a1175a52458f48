import { html, type Html, type HtmlPart } from '@mailplane/html';

export { escape, html, Html, type HtmlPart } from '@mailplane/html';

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
    <button type="submit" class="secondary" aria-label="${a.buttonLabel}">${a.button}</button>
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
      <button type="submit" class="danger" aria-label="${buttonLabel}">${button}</button>
    </form>`;
  return html`<form method="post" action="${action}" class="inline-form">
    ${csrfField(csrf)}
    <label>${box} ${confirm}</label>
    <button type="submit" class="danger">${button}</button>
  </form>`;
}

/** How a state reads at a glance: a pill's colour. */
export type Tone = 'good' | 'info' | 'warn' | 'bad' | 'neutral';

const TONES: Record<string, Tone> = {
  // messages and recipients
  scheduled: 'info',
  queued: 'info',
  sending: 'info',
  accepted: 'info',
  held: 'warn',
  deferred: 'warn',
  sent: 'good',
  delivered: 'good',
  failed: 'bad',
  bounced: 'bad',
  complained: 'bad',
  suppressed: 'warn',
  canceled: 'neutral',
  // identities, their records, return path and tracking domains
  verified: 'good',
  found: 'good',
  pending: 'warn',
  missing: 'bad',
  mismatch: 'bad',
  // endpoints and deliveries
  enabled: 'good',
  succeeded: 'good',
  disabled: 'neutral',
  paused: 'bad',
  // reputation
  healthy: 'good',
  under_review: 'warn',
  // templates and billing
  published: 'good',
  draft: 'neutral',
  active: 'good',
  past_due: 'bad',
};

/** The tone of a state of any kind (message, recipient, endpoint, identity, delivery, reputation); unknown: neutral. */
export const toneOf = (state: string): Tone => TONES[state] ?? 'neutral';

/**
 * A state as a pill: its tone from the state, its text the state (or `label`). `attrs` carries an id or the
 * live-status hook of a message not yet final.
 */
export const pill = (state: string, label: string = state.replace(/_/g, ' '), attrs: Html | '' = '') =>
  html`<span class="pill status tone-${toneOf(state)}" ${attrs}>${label}</span>`;

/** A table's column: its header, the cell of a row, and whether the cell heads its row. */
export interface Column<R> {
  header: string;
  cell(row: R, index: number): HtmlPart;
  /** The cell is the row's header (`<th scope="row">`). */
  rowHeader?: boolean;
  /** The header is read by screen readers only (a column of buttons). */
  hiddenHeader?: boolean;
  /** Numbers: right-aligned. */
  numeric?: boolean;
}

export interface TableOptions {
  /** What the table lists; shown, or read by screen readers only when `captionHidden`. */
  caption?: string | Html;
  captionHidden?: boolean;
  /** Shown instead of the table when there is no row: say what to do next. */
  empty: string | Html;
  id?: string;
  /** Extra attributes of the <table> (the chart's data attributes). */
  attrs?: Html;
}

/** Every list of the dashboard: a table that scrolls inside its own box, or, without rows, what to do next. */
export function table<R>(columns: readonly Column<R>[], rows: readonly R[], options: TableOptions): Html {
  if (rows.length === 0) return emptyState(options.empty);
  const num = (c: Column<R>) => (c.numeric ? html` class="num"` : '');
  // Focusable, so that a keyboard can scroll a table wider than the screen.
  return html`<div class="table-wrap" tabindex="0">
    <table ${options.id ? html`id="${options.id}"` : ''} ${options.attrs ?? ''}>
      ${
        options.caption
          ? html`<caption ${options.captionHidden ? html`class="visually-hidden"` : ''}>
              ${options.caption}
            </caption>`
          : ''
      }
      <thead>
        <tr>
          ${columns.map(
            (c) =>
              html`<th scope="col" ${num(c)}>${c.hiddenHeader ? html`<span class="visually-hidden">${c.header}</span>` : c.header}</th>`,
          )}
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (r, n) =>
            html`<tr>
              ${columns.map((c) => (c.rowHeader ? html`<th scope="row" ${num(c)}>${c.cell(r, n)}</th>` : html`<td${num(c)}>${c.cell(r, n)}</td>`))}
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/** Nothing to list yet: what to do next. */
export const emptyState = (next: string | Html) => html`<div class="empty">${next}</div>`;
