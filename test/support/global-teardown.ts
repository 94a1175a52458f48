import { POSTGRES_HANDLE, RABBIT_HANDLE } from './global-setup';
import type { PrivatePostgres } from './postgres';
import type { PrivateRabbit } from './rabbitmq';

export default async function globalTeardown(): Promise<void> {
  const store = globalThis as Record<symbol, PrivateRabbit[] | PrivatePostgres[] | undefined>;
  const rabbits = (store[RABBIT_HANDLE] ?? []) as PrivateRabbit[];
  const postgres = (store[POSTGRES_HANDLE] ?? []) as PrivatePostgres[];
  store[RABBIT_HANDLE] = undefined;
  store[POSTGRES_HANDLE] = undefined;
  await Promise.all([...rabbits.map((r) => r.stop()), ...postgres.map((p) => p.destroy())]);
}
