import { RABBIT_HANDLE } from './global-setup';
import type { PrivateRabbit } from './rabbitmq';

export default async function globalTeardown(): Promise<void> {
  const store = globalThis as Record<symbol, PrivateRabbit | undefined>;
  const rabbit = store[RABBIT_HANDLE];
  if (!rabbit) return;
  store[RABBIT_HANDLE] = undefined;
  await rabbit.stop();
}
