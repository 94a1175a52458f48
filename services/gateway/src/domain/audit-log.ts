import { AppError, type AuditLogPage, type AuditRecord, type GatewayOperations } from '@mailplane/contracts';
import { timeRange } from '@mailplane/runtime';
import type { AuditLogRecord } from '../data-access/audit-log-repo';
import type { TenantScope } from '../data-access/api-keys-repo';
import type { GatewayDeps } from './deps';

export type AuditLogListQuery = NonNullable<GatewayOperations['listAuditLog']['parameters']['query']> & { limit: number };

const RECORD_ID = /^aud_[0-9a-z]{26}$/;

// Opaque to clients, so that the paging key may change; today the last id shown, which sorts by time.
const encodeCursor = (id: string) => Buffer.from(id).toString('base64url');

function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString();
  if (!RECORD_ID.test(id)) {
    throw new AppError('validation_failed', 'The cursor was not issued by GET /audit-log.', {
      extra: { errors: [{ path: '/query/cursor', message: 'must be a nextCursor of GET /audit-log' }] },
    });
  }
  return id;
}

function recordView(r: AuditLogRecord): AuditRecord {
  return {
    id: r._id,
    at: r.at.toISOString(),
    actor: r.actor,
    ip: r.ip,
    userAgent: r.userAgent,
    requestId: r.requestId,
    operationId: r.operationId,
    target: r.target,
    changes: r.changes,
  };
}

export async function listAuditLog(
  deps: Pick<GatewayDeps, 'auditLog'>,
  { tenantId }: TenantScope,
  query: AuditLogListQuery,
): Promise<AuditLogPage> {
  const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const { actorId, targetId, operationId } = query;
  // One more than the page, to know whether another follows without a count.
  const rows = await deps.auditLog.page(tenantId, { actorId, targetId, operationId, ...timeRange(query), before }, query.limit + 1);
  const data = rows.slice(0, query.limit);
  return { data: data.map(recordView), nextCursor: rows.length > query.limit ? encodeCursor(data[data.length - 1]._id) : null };
}

const EXPORT_PART = 5_000;

export async function exportAuditLog(
  deps: Pick<GatewayDeps, 'auditLog'>,
  scope: TenantScope,
  query: Omit<AuditLogListQuery, 'limit'>,
): Promise<{ lines: string; next: URLSearchParams | null }> {
  const page = await listAuditLog(deps, scope, { ...query, limit: EXPORT_PART });
  const lines = page.data.map((r) => `${JSON.stringify(r)}\n`).join('');
  if (!page.nextCursor) return { lines, next: null };
  const filters = Object.entries({ ...query, cursor: page.nextCursor }).filter((e): e is [string, string] => typeof e[1] === 'string');
  return { lines, next: new URLSearchParams(filters) };
}
