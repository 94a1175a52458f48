import { createMemoryBroker } from '../src';
import { brokerContract } from './contract';

brokerContract('memory', async ({ retryBaseMs }) => createMemoryBroker({ retry: { baseMs: retryBaseMs } }));
