import request from 'supertest';
import { operations } from '@mailplane/contracts';
import { expectContract } from '../../../test/support/contract';
import { eventually } from '../../../test/support/eventually';
import { auth } from '../../../test/support/mail';
import { sharedPlatform } from '../../../test/support/platform';
import { receivingTenant } from '../../../test/support/inbound';
import { MEMBER_AUDITED, MEMBER_NOT_AUDITED } from './support/audited-member-operations';
import { AUDITED as SERVICES_AUDITED, NOT_AUDITED as SERVICES_NOT_AUDITED } from './support/audited-operations';

const AUDITED = { ...SERVICES_AUDITED, ...MEMBER_AUDITED };
const NOT_AUDITED = { ...SERVICES_NOT_AUDITED, ...MEMBER_NOT_AUDITED };

const platform = sharedPlatform();

describe('audit coverage', () => {
  it("when the contract's write operations are listed, then each is audited below or named with its reason", () => {
    // The outside world's (hub notifications, unsubscribes, the payment provider) are nobody's change in the log.
    const writes = operations.filter((op) => op.method !== 'get' && (op.security === 'bearer' || op.security === 'admin'));
    expect(writes.map((op) => op.operationId).sort()).toEqual([...Object.keys(AUDITED), ...Object.keys(NOT_AUDITED)].sort());
  });

  it.each(Object.keys(AUDITED))(
    'when %s is answered, then the log holds exactly one record of it, naming its target and actor',
    async (operationId) => {
      const t = await receivingTenant(platform);
      const tenant = { platform, tenantId: t.tenantId, key: t.key, domain: t.domain, identityId: t.identity.id };
      const [defaultKey] = (await request(platform.url).get('/api-keys').set(auth(t.key))).body.data;
      const done = await AUDITED[operationId](tenant);
      const { res, target, actor = { type: 'key', id: defaultKey.id }, recordedAs = operationId, reader = t.key } = done;
      const requestId = res.headers['x-request-id'];
      // The setup's own changes (an identity verified, a template created) are other requests' records.
      const ofThisRequest = async () => {
        const query = { operationId: recordedAs, ...(target.id ? { targetId: target.id } : {}) };
        const log = await request(platform.url).get('/audit-log').query(query).set(auth(reader));
        expectContract(log, 'listAuditLog');
        return (log.body.data as Array<Record<string, unknown>>).filter((r) => r.requestId === requestId);
      };
      let records: Array<Record<string, unknown>> = [];
      await eventually(async () => (records = await ofThisRequest()).length > 0, `the record of ${operationId}`);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ operationId: recordedAs, target, actor });
    },
  );
});
