import type { AuditLogPage, AuditRecord } from '@mailplane/sdk';
import { html, table, when } from '../html';

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
    ${table(
      [
        { header: 'When', cell: (r) => when(r.at) },
        { header: 'Who', cell: (r) => html`${r.actor.name} <small>(${r.actor.type} <code>${r.actor.id}</code>)</small>` },
        { header: 'Operation', cell: (r) => html`<code>${r.operationId}</code>` },
        { header: 'Target', cell: (r) => html`${r.target.type} <code>${r.target.id}</code>` },
        { header: 'Changes', cell: (r) => changesOf(r) },
        { header: 'From', cell: (r) => html`${r.ip ?? '—'} <small>${r.userAgent ?? ''}</small>` },
      ],
      log.data,
      {
        id: 'audit-log',
        caption: 'Audit log',
        captionHidden: true,
        empty:
          filters.operationId || filters.targetId
            ? html`<p>No change matches these filters. <a href="${base}/audit-log">Show every change</a></p>`
            : 'No change yet: creating a key, an identity or an endpoint is recorded here.',
      },
    )}
    ${older ? html`<p><a href="${base}/audit-log?${older.toString()}" rel="next">Older changes</a></p>` : ''}`;
}
