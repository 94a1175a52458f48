import { chmodSync, existsSync, mkdirSync } from 'node:fs';

/** 0700 whatever the umask: the stores, keys and passwords inside are out of other users' reach. An existing folder keeps its mode. */
export function privateDir(dir: string): string {
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
  }
  return dir;
}
