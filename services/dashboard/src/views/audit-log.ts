import type { AuditLogPage, AuditRecord } from '../../../../sdk/src';
import { html, when } from '../html';

/** The filters the page keeps from one page to the next. */
export interface AuditFilters {
  operationId: string;
  targetId: string;
}

// What changed, as the record says it: field by field, values as JSON (the record never holds a secret).
const changesOf = (r: AuditRecord) =>
  Object.entries(r.changes).map(([field, value]) => html`<div><code>${field}</code> ${JSON.stringify(value)}</div>`);

export function auditLogBody(base: string, log: AuditLogPage, filters: AuditFilters) {
  const older = log.nextCursor ? new URLSearchParams({ ...filters, cursor: log.nextCursor }) : null;
  return html`<h1>Audit log</h1>
    <p>Every change made through the API, newest first: who made it, from where, and what changed.</p>
    <form method="get" action="${base}/audit-log" role="search" class="filters">
      <label>Operation <input name="operationId" value="${filters.operationId}" placeholder="createApiKey" /></label>
      <label>Target id <input name="targetId" value="${filters.targetId}" placeholder="key_…" /></label>
      <button type="submit">Filter</button>
    </form>
    <div class="table-wrap">
      <table id="audit-log">
        <caption class="visually-hidden">
          Audit log
        </caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Operation</th>
            <th scope="col">Target</th>
            <th scope="col">Changes</th>
            <th scope="col">From</th>
          </tr>
        </thead>
        <tbody>
          ${log.data.map(
            (r) =>
              html`<tr>
                <td>${when(r.at)}</td>
                <td>
                  ${r.actor.name} <small>(${r.actor.type} <code>${r.actor.id}</code>)</small>
                </td>
                <td><code>${r.operationId}</code></td>
                <td>${r.target.type} <code>${r.target.id}</code></td>
                <td>${changesOf(r)}</td>
                <td>${r.ip ?? '—'} <small>${r.userAgent ?? ''}</small></td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>
    ${older ? html`<p><a href="${base}/audit-log?${older.toString()}" rel="next">Older changes</a></p>` : ''}`;
}
