import request from 'supertest';
import { newId } from '@mailplane/runtime';
import { expectProblem } from '../../../test/support/contract';
import { eventually } from '../../../test/support/eventually';
import { testAudit } from '../../../test/support/audit';
import { bearer, freshEmail, PASSWORD } from '../../../test/support/members';
import { auditRecord } from '../src/domain/audit';
import { issueToken, SESSION_TOKEN } from '../src/domain/key-token';
import { startLoneGateway, type LoneGateway } from './support/lone-gateway';

const ADMIN_TOKEN = 'admin-token-0123456789abcdef';

describe("a sign-in whose record was not moved (the gateway died between the session's insert and the move)", () => {
  let lone: LoneGateway;
  beforeAll(async () => {
    lone = await startLoneGateway({ ADMIN_TOKEN, AUDIT_SWEEP_MS: '200' });
  });
  afterAll(() => lone.stop());

  it('when the member signs out before the sweep, then the session is over at once and the sweep still puts the sign-in in the log, once', async () => {
    const { deps, url } = lone.gateway;
    const { tenantId } = (await request(url).get('/me').set(bearer(lone.key)).expect(200)).body;
    const owner = { email: freshEmail('owner'), name: 'Olive Owner', password: PASSWORD };
    const memberId = (await request(url).post(`/admin/tenants/${tenantId}/owners`).set(bearer(ADMIN_TOKEN)).send(owner).expect(201)).body
      .id;
    // The session as a sign-in writes it a minute ago, its record still carried.
    const at = new Date(Date.now() - 60_000);
    const issued = issueToken(newId('ses', at.getTime()), SESSION_TOKEN);
    const change = {
      operationId: 'createSession',
      target: { type: 'member', id: memberId },
      changes: { method: 'password', secondFactor: false },
    };
    const record = auditRecord(deps, tenantId, testAudit, change, at);
    const session = {
      _id: issued.keyId,
      tenantId,
      memberId,
      secretHash: issued.secretHash,
      createdAt: at,
      expiresAt: new Date(Date.now() + 3600_000),
    };
    await deps.sessions.insert(session, [record]);

    await request(url).delete('/sessions/current').set(bearer(issued.token)).expect(204);
    expectProblem(await request(url).get('/me').set(bearer(issued.token)), 401, 'unauthorized');
    const signIns = async () =>
      (await request(url).get('/audit-log').query({ targetId: memberId, operationId: 'createSession' }).set(bearer(lone.key))).body.data;
    await eventually(async () => (await signIns()).length > 0, 'the sign-in moved by the sweep', 10_000);
    expect((await signIns()).map((r: { id: string }) => r.id)).toEqual([record._id]);
  });
});
