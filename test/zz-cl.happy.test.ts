import { startTestCluster } from './support/cluster';
it('cluster start/stop', async () => {
  const t0 = Date.now();
  const c = await startTestCluster();
  const t1 = Date.now();
  console.log('replicas', c.replicas.map((r) => r.role + r.index).join(','));
  await c.stop();
  console.log('start', t1 - t0, 'stop', Date.now() - t1);
}, 300000);
