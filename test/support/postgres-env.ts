import { banner } from './global-setup';

/**
 * `describe` for suites that need PostgreSQL: runs when global setup provided TEST_DATABASE_URL (its private
 * cluster, or one given), skips loudly otherwise (fails under CI).
 */
export function describeWithPostgres(name: string, fn: (url: string) => void): void {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    describe(name, () => fn(url));
    return;
  }
  if (process.env.CI === 'true') throw new Error(`${name}: no PostgreSQL (TEST_DATABASE_URL unset) under CI`);
  process.stderr.write(banner(`SKIPPED "${name}": no PostgreSQL available (set TEST_DATABASE_URL or install postgresql)`));
  describe.skip(name, () => fn(''));
}
