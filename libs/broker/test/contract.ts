import type { Broker } from '../src';
import { broadcastContract } from './contract-broadcasts';
import { deliveryContract } from './contract-delivery';
import { outcomeContract } from './contract-outcomes';
import { rpcContract } from './contract-rpc';
import { topicContract } from './contract-topics';
import { RETRY_BASE_MS, type ContractContext } from './helpers';

export type MakeBroker = (settings: { retryBaseMs: number }) => Promise<Broker>;

/** One suite, every adapter: the behaviours that the rest of the platform relies on. */
export function brokerContract(name: string, makeBroker: MakeBroker, deadLettersFailures = true): void {
  describe(`broker contract: ${name}`, () => {
    let current: Broker | undefined;
    const context: ContractContext = {
      deadLettersFailures,
      get broker() {
        if (!current) throw new Error('broker not started');
        return current;
      },
    };
    beforeEach(async () => {
      current = await makeBroker({ retryBaseMs: RETRY_BASE_MS });
    });
    afterEach(async () => {
      await current?.close();
      current = undefined;
    });

    deliveryContract(context);
    outcomeContract(context);
    topicContract(context);
    rpcContract(context);
    broadcastContract(context);
  });
}
