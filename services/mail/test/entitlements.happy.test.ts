import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { uncached } from '@mailplane/broker';
import { createStore, type Store } from '@mailplane/store';
import { entitlementsRepo } from '../src/data-access/entitlements-repo';
import { removeDir } from '../../../test/support/platform';

let dir: string;
let store: Store;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mailplane-entitlements-'));
  store = await createStore({ dir });
});
afterEach(async () => {
  await store.close();
  removeDir(dir);
});

const change = (revision: number, monthlyEmailQuota: number) => ({
  revision,
  plan: `p${revision}`,
  monthlyEmailQuota,
  status: 'active' as const,
  hasSubscription: true,
  effectiveAt: '2026-11-01T00:00:00.000Z',
});

describe("mail's copy of a tenant's entitlement", () => {
  it('when revisions arrive out of order or twice, then the highest one stays', async () => {
    const repo = entitlementsRepo(store, uncached());
    expect(await repo.apply('ten_a', change(2, 200), new Date())).toBe(true);
    expect(await repo.apply('ten_a', change(1, 100), new Date())).toBe(false);
    expect(await repo.apply('ten_a', change(2, 999), new Date())).toBe(false);
    expect((await repo.byTenant('ten_a'))?.monthlyEmailQuota).toBe(200);
    expect(await repo.apply('ten_a', change(3, 300), new Date())).toBe(true);
    expect(await repo.byTenant('ten_a')).toMatchObject({ revision: 3, plan: 'p3', monthlyEmailQuota: 300 });
    expect(await repo.byTenant('ten_b')).toBeNull();
  });

  it('when several revisions race for a new tenant, then the highest one wins', async () => {
    const repo = entitlementsRepo(store, uncached());
    const revisions = [5, 3, 8, 1, 7, 2, 6, 4];
    await Promise.all(revisions.map((r) => repo.apply('ten_race', change(r, r * 100), new Date())));
    expect(await repo.byTenant('ten_race')).toMatchObject({ revision: 8, monthlyEmailQuota: 800 });
  });
});
