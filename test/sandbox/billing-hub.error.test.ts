import request from 'supertest';
import { startBillingHub, type BillingHub } from '../../sandbox/billing-hub';

const API_KEY = 'hub_sandboxkey';

describe('sandbox billing hub (plan catalogue): what it refuses', () => {
  let hub: BillingHub;

  beforeAll(async () => {
    hub = await startBillingHub({ apiKey: API_KEY });
  });
  afterAll(() => hub.stop());

  it('when the API key is missing or wrong, then 401', async () => {
    for (const res of [
      await request(hub.url).get('/api/v1/plans'),
      await request(hub.url).get('/api/v1/plans').set('Authorization', 'Bearer nope'),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 401, error: 'Unauthorized' });
    }
  });
});
