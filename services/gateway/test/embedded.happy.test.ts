import request from 'supertest';
import { expectContract } from '../../../test/support/contract';
import { startTestPlatform } from '../../../test/support/platform';

describe('embedded default', () => {
  it('when started the first time, then a sandbox tenant and key exist; after a restart the key still works and no second sandbox is made', async () => {
    const first = await startTestPlatform();
    const sandbox = first.sandboxTenant;
    expect(sandbox?.apiKey).toMatch(/^mp_/);
    const created = await request(first.url).post('/api-keys').set('Authorization', `Bearer ${sandbox!.apiKey}`).send({ name: 'kept' });
    await first.stop({ keepData: true });

    const second = await startTestPlatform({}, first.dataDir);
    try {
      expect(second.sandboxTenant).toBeNull();
      const listed = await request(second.url).get('/api-keys').set('Authorization', `Bearer ${sandbox!.apiKey}`);
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((k: { id: string }) => k.id)).toContain(created.body.id);
    } finally {
      await second.stop();
    }
  });

  it('when every service is up, then /healthz says ok', async () => {
    const platform = await startTestPlatform();
    try {
      const res = await request(platform.url).get('/healthz');
      expect(res.status).toBe(200);
      expectContract(res, 'health');
      expect(res.body).toEqual({ status: 'ok', services: { billing: 'up', mail: 'up', webhooks: 'up' } });
    } finally {
      await platform.stop();
    }
  });
});
