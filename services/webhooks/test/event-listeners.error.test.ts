import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMemoryBroker } from '@mailplane/broker';
import { AppError } from '@mailplane/contracts';
import { createStore } from '@mailplane/store';
import { testAudit } from '../../../test/support/audit';
import { createEndpoint, listEndpoints } from '../src/domain/endpoints';
import { startService } from './support/worker';

// Mail publishes an endpoint's events only once it has taken their types (docs/decisions/event-listeners.md): an
// endpoint mail did not confirm would silently receive nothing, so it is refused.
describe('endpoints while mail does not answer', () => {
  it('when mail cannot be reached, then creating an endpoint is refused 503 and nothing is stored', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'webhooks-'));
    const broker = createMemoryBroker();
    const store = await createStore({ dir });
    const service = await startService({}, broker, store);
    try {
      const created = createEndpoint(
        service.deps,
        'ten_alone',
        { url: 'https://hooks.example.org/in', eventTypes: ['email.sent'] },
        testAudit,
      );
      await expect(created).rejects.toBeInstanceOf(AppError);
      await expect(created).rejects.toMatchObject({ code: 'service_unavailable' });
      expect((await listEndpoints(service.deps, 'ten_alone', { limit: 10, offset: 0 })).data).toEqual([]);
    } finally {
      await service.stop();
      await broker.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
