import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { eventually } from '../../../test/support/eventually';
import { bearer, freshEmail, PASSWORD } from '../../../test/support/members';
import { sessionWithUnmovedRecord } from '../../../test/support/unmoved-audit';
import { sharedLoneGateway } from './support/lone-gateway';

const ADMIN_TOKEN = 'admin-token-0123456789abcdef';

describe("a sign-in whose record was not moved (the gateway died between the session's insert and the move)", () => {
  const lone = sharedLoneGateway({ ADMIN_TOKEN, AUDIT_SWEEP_MS: '200' });

  it('when the member signs out before the sweep, then the session is over at once and the sweep still puts the sign-in in the log, once', async () => {
    const { deps, url } = lone.gateway;
    const { tenantId } = (await request(url).get('/me').set(bearer(lone.key)).expect(200)).body;
    const owner = { email: freshEmail('owner'), name: 'Olive Owner', password: PASSWORD };
    const memberId = (await request(url).post(`/admin/tenants/${tenantId}/owners`).set(bearer(ADMIN_TOKEN)).send(owner).expect(201)).body
      .id;
    const unmoved = await sessionWithUnmovedRecord(deps.sessions, tenantId, memberId, new Date(Date.now() - 60_000));

    await request(url).delete('/sessions/current').set(bearer(unmoved.token)).expect(204);
    expectProblem(await request(url).get('/me').set(bearer(unmoved.token)), 401, 'unauthorized');
    const signIns = async () =>
      (await request(url).get('/audit-log').query({ targetId: memberId, operationId: 'createSession' }).set(bearer(lone.key))).body.data;
    await eventually(async () => (await signIns()).length > 0, 'the sign-in moved by the sweep', 10_000);
    expect((await signIns()).map((r: { id: string }) => r.id)).toEqual([unmoved.recordId]);
  });
});
