import type { Store } from '../src';
import { concurrencyTests } from './contract/concurrency';
import { countTests } from './contract/counts';
import type { ContractContext, ContractOptions } from './contract/context';
import { indexTests } from './contract/indexes';
import { keptEventTests } from './contract/kept-events';
import { killTests } from './contract/kill';
import { leaseTests } from './contract/leases';
import { lifecycleTests } from './contract/lifecycle';
import { queryTests } from './contract/queries';
import { rivalTests } from './contract/rivals';
import { searchTests } from './contract/search';
import { updateTests } from './contract/updates';

export type { ContractOptions } from './contract/context';

/**
 * The behaviour every store adapter must show. `makeStore` opens the same underlying storage each time it is
 * called (the persistence tests close one store and open another); each test uses collections of its own.
 */
export function storeContract(name: string, makeStore: () => Store | Promise<Store>, options: ContractOptions): void {
  describe(`store contract: ${name}`, () => {
    let shared: Store | undefined;
    let counter = 0;
    const ctx: ContractContext = {
      store: () => {
        if (!shared) throw new Error('the contract store is opened in beforeAll');
        return shared;
      },
      makeStore,
      collectionName: (base) => `${base}_${++counter}`,
      options,
    };

    beforeAll(async () => {
      shared = await makeStore();
    });
    afterAll(async () => {
      await shared?.close();
    });

    queryTests(ctx);
    searchTests(ctx);
    countTests(ctx);
    updateTests(ctx);
    indexTests(ctx);
    concurrencyTests(ctx);
    leaseTests(ctx);
    lifecycleTests(ctx);
    rivalTests(ctx);
    killTests(ctx);
    keptEventTests(ctx);
  });
}
