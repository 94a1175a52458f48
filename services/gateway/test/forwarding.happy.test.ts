import request from 'supertest';
import { json } from '@mailplane/runtime';
import { sharedLoneGateway } from './support/lone-gateway';

const lone = sharedLoneGateway();

describe('forwarding to services', () => {
  it('when a service answers, then its status, headers and body reach the caller unchanged', async () => {
    const fake = await lone.broker.serve('rpc.webhooks', async (req) => {
      const r = req as { operationId: string; tenantId: string; query: Record<string, unknown> };
      return json({ data: [], total: 0, limit: r.query.limit, offset: r.query.offset, seenTenant: r.tenantId });
    });
    try {
      const res = await request(lone.gateway.url).get('/webhooks/endpoints?limit=5').set('Authorization', `Bearer ${lone.key}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ limit: 5, offset: 0, seenTenant: expect.stringMatching(/^ten_/) });
    } finally {
      await fake.cancel();
    }
  });
});
