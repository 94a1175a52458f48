import type { SuppressionList } from '../../../../sdk/src';
import { html, csrfField, rowActionForm, when } from '../html';

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
    <div class="table-wrap">
      <table>
        <caption class="visually-hidden">
          Suppressed addresses
        </caption>
        <thead>
          <tr>
            <th scope="col">Address</th>
            <th scope="col">Reason</th>
            <th scope="col">Since</th>
            <th scope="col"><span class="visually-hidden">Remove</span></th>
          </tr>
        </thead>
        <tbody>
          ${list.data.map(
            (s) =>
              html`<tr>
                <td>${s.email}</td>
                <td>${s.reason}</td>
                <td>${when(s.createdAt)}</td>
                <td>
                  ${rowActionForm({
                    action: `${base}/suppressions/remove`,
                    csrf,
                    button: 'Remove',
                    buttonLabel: `Remove ${s.email}`,
                    fields: { email: s.email },
                  })}
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
}
