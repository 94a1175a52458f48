import { existsSync } from 'node:fs';
import path from 'node:path';
import { migrateSqliteToPostgres } from '@mailplane/store';
import { loadPlatformConfig, type Env } from './config';
import { SERVICE_NAMES, storeConfigFor, type ServiceName } from './services';

export const MIGRATE_USAGE = `  migrate <service|all>                   copy a service's SQLite data under DATA_DIR into DATABASE_URL
                                          (stop the service first; safe to run again, goes on where it stopped)`;

/** `npm run admin -- migrate <service|all>`: SQLite under DATA_DIR into PostgreSQL, a service at a time. */
export async function migrateCommand(args: string[], env: Env, log: (line: string) => void): Promise<string> {
  const config = loadPlatformConfig(env);
  const [which] = args;
  const services = which === 'all' ? SERVICE_NAMES : SERVICE_NAMES.filter((s) => s === which);
  if (services.length === 0 || args.length !== 1) throw new Error(`usage: npm run admin -- migrate <${SERVICE_NAMES.join('|')}|all>`);
  if (!config.databaseUrl) throw new Error('DATABASE_URL is required: the PostgreSQL database to copy into');
  const lines: string[] = [];
  for (const service of services as readonly ServiceName[]) {
    const dir = path.join(config.dataDir, service);
    if (!existsSync(path.join(dir, 'store.sqlite3'))) {
      lines.push(`${service}: no SQLite store under ${dir}, nothing to copy`);
      continue;
    }
    const target = storeConfigFor(service, config);
    if (!('postgresUrl' in target)) throw new Error('DATABASE_URL is required');
    const copied = await migrateSqliteToPostgres({
      dir,
      url: target.postgresUrl,
      schema: target.schema,
      progress: (what, n) => log(`  ${service}/${what}: ${n}`),
    });
    const counts = Object.entries(copied).map(([name, n]) => `${name} ${n}`);
    lines.push(`${service}: copied into schema ${target.schema}: ${counts.join(', ') || 'nothing'}`);
  }
  return lines.join('\n');
}
