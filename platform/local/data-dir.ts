import { chmodSync, existsSync, mkdirSync } from 'node:fs';

/**
 * DATA_DIR (and any folder of secrets under it) is its owner's only: made 0700 whatever the umask, so the stores,
 * keys and passwords inside are out of other users' reach. A folder that exists keeps the mode it was given.
 */
export function privateDir(dir: string): string {
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
  }
  return dir;
}
