import { freshDatabase } from './postgres';

export type Engine = 'sqlite' | 'postgres';

/**
 * The stores a whole-platform suite runs on: SQLite under DATA_DIR always, PostgreSQL when the run has one
 * (global setup's private cluster; under CI it must).
 */
export const storeEngines = (): Engine[] => (process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']);

/** The variables that put a platform's stores on `engine` (a database of its own on PostgreSQL), and its clean-up. */
export async function engineEnv(engine: Engine): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (engine === 'sqlite') return { env: {}, drop: async () => undefined };
  const database = await freshDatabase();
  return { env: { DATABASE_URL: database.url, DATABASE_POOL_SIZE: '4' }, drop: database.drop };
}
