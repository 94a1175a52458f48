import request from 'supertest';
import { testAudit } from '../../../test/support/audit';
import { expectContract } from '../../../test/support/contract';
import { sharedPlatform } from '../../../test/support/platform';
import { asText } from './support/text-body';
import { auditRecord } from '../src/domain/audit';
import { auth } from '../../../test/support/mail';

const platform = sharedPlatform();

/** An export part as the client reads it: JSON lines, taken whole whatever the media type. */
const exportPart = (key: string, pathAndQuery: string) => request(platform.url).get(pathAndQuery).set(auth(key)).buffer(true).parse(asText);

describe('audit log export', () => {
  it('when the log is exported, then each record is one JSON line as GET /audit-log shows it, and Link leads through every part', async () => {
    const { key, tenantId } = await platform.newTenant();
    const { deps } = platform.gateway;
    // 5,001 changes, arranged in the log as their writes would have put them there (a few seconds apart each).
    const start = Date.now() - 3600_000;
    for (let i = 0; i < 5001; i++) {
      const change = {
        operationId: 'createApiKey',
        target: { type: 'apiKey', id: `key_${String(i).padStart(26, '0')}` },
        changes: { name: `k${i}` },
      };
      await deps.auditLog.insert(auditRecord(deps, tenantId, testAudit, change, new Date(start + i * 500)));
    }

    const first = await exportPart(key, '/audit-log/export?operationId=createApiKey');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expectContract(first, 'exportAuditLog');
    const lines = (first.body as string).split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(5000);
    const firstPage = await request(platform.url).get('/audit-log').query({ operationId: 'createApiKey', limit: 3 }).set(auth(key));
    expect(lines.slice(0, 3).map((l) => JSON.parse(l))).toEqual(firstPage.body.data);

    const next = /^<([^>]+)>; rel="next"$/.exec(first.headers.link)?.[1];
    expect(next).toMatch(/^\/audit-log\/export\?operationId=createApiKey&cursor=/);
    const last = await exportPart(key, next!);
    expect(last.status).toBe(200);
    expect(last.headers.link).toBeUndefined();
    const rest = (last.body as string)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    // The tenant's first key (made now) and 4,999 arranged changes went first; the two oldest remain.
    expect(rest.map((r) => r.changes.name)).toEqual(['k1', 'k0']);
  }, 60_000);
});
