import type { AuditContext } from '@mailplane/runtime';

/** Who a test's direct domain call acts as: the audit record of its change names this operator. */
export const testAudit: AuditContext = {
  actor: { type: 'operator', id: 'operator', name: 'test', ip: null, userAgent: null },
  requestId: 'req_test',
};
