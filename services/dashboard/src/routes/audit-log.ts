import { base, chromeFor, handle, type Kit } from '../kit';
import { layout } from '../views/layout';
import { auditLogBody } from '../views/audit-log';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The audit log: filtered by operation or target, older pages by the API's cursor (bad values get the API's problem). */
export function auditLogRoutes(kit: Kit) {
  const { app, api, page, sessionOf } = kit;
  app.get(
    '/audit-log',
    handle(async (req, res) => {
      const filters = { operationId: text(req.query.operationId), targetId: text(req.query.targetId) };
      const cursor = text(req.query.cursor);
      const query = Object.fromEntries(Object.entries({ ...filters, cursor }).filter(([, v]) => v !== ''));
      const log = await api(sessionOf(req)).auditLog.list({ limit: 50, ...query });
      page(res, layout(base(req), chromeFor(kit, req, 'Audit log', 'audit-log'), auditLogBody(base(req), log, filters)));
    }),
  );
}
