import type { SuppressionList } from '@mailplane/sdk';
import { html, csrfField, rowActionForm, table, when } from '../html';

export function suppressionsBody(base: string, list: SuppressionList, q: string, csrf: string) {
  return html`<h1>Suppressions</h1>
    <p>Addresses never mailed again: unsubscribed, bounced, complained or added by hand.</p>
    <form method="get" action="${base}/suppressions" role="search" class="filters">
      <label>Search <input name="q" value="${q}" /></label><button type="submit">Search</button>
    </form>
    <form method="post" action="${base}/suppressions" class="filters">
      ${csrfField(csrf)}
      <label>Address <input name="email" type="email" required /></label>
      <button type="submit">Add suppression</button>
    </form>
    <p>${list.total} suppressed</p>
    ${table(
      [
        { header: 'Address', cell: (s) => s.email },
        { header: 'Reason', cell: (s) => s.reason },
        { header: 'Since', cell: (s) => when(s.createdAt) },
        {
          header: 'Remove',
          hiddenHeader: true,
          cell: (s) =>
            rowActionForm({
              action: `${base}/suppressions/remove`,
              csrf,
              button: 'Remove',
              buttonLabel: `Remove ${s.email}`,
              fields: { email: s.email },
            }),
        },
      ],
      list.data,
      {
        caption: 'Suppressed addresses',
        captionHidden: true,
        empty: q
          ? html`<p>No suppressed address matches “${q}”. <a href="${base}/suppressions">Show them all</a></p>`
          : html`<p><strong>No suppressed address.</strong></p>
              <p>Addresses that unsubscribe, bounce or complain are added here by themselves; add one above to stop mailing it.</p>`,
      },
    )}`;
}
