import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { builtService } from '../../platform/cluster/replicas';

const ROOT = path.resolve(__dirname, '../..');

export interface Release {
  version: string;
  tag: string;
  commit: string;
  date: string;
}

/** The last entry of ops/releases.json: the release this checkout upgrades from. */
export function previousRelease(): Release {
  const { releases } = JSON.parse(readFileSync(path.join(ROOT, 'ops/releases.json'), 'utf8')) as { releases: Release[] };
  return releases[releases.length - 1];
}

/**
 * The release's checkout, installed and built, for CLUSTER_START_FROM: its files from this repository's history (tests
 * aside), this checkout's node_modules when both lockfiles are the same (else `npm ci` there), then its own build.
 * Kept under the temp dir per commit and checkout; a tree is whole once its build is there (scripts/build.mjs swaps
 * `.build/` in at its end).
 */
export function previousReleaseTree(release = previousRelease()): string {
  const checkout = createHash('sha256').update(ROOT).digest('hex').slice(0, 8);
  const tree = path.join(tmpdir(), `mailplane-release-${release.commit.slice(0, 12)}-${checkout}`);
  if (existsSync(builtService(tree))) return tree;
  rmSync(tree, { recursive: true, force: true });
  mkdirSync(tree, { recursive: true });
  const git = (...args: string[]) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' });
  if (git('cat-file', '-t', release.commit).trim() !== 'commit')
    throw new Error(`release ${release.version} (${release.commit}) is not in this clone's history`);
  execFileSync('sh', ['-c', 'git -C "$1" archive --format=tar "$2" | tar -x -C "$3" --exclude=test', 'sh', ROOT, release.commit, tree]);
  const sameLock =
    readFileSync(path.join(tree, 'package-lock.json'), 'utf8') === readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8');
  if (sameLock) linkModules(tree);
  else execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: tree, stdio: 'pipe' });
  execFileSync(process.execPath, [path.join(tree, 'scripts/build.mjs')], { cwd: tree, stdio: 'pipe' });
  return tree;
}

/** This checkout's packages, linked, but for the workspace packages, which are the release's own. */
function linkModules(tree: string): void {
  const modules = path.join(tree, 'node_modules');
  const scope = path.join(modules, '@mailplane');
  mkdirSync(scope, { recursive: true });
  for (const entry of readdirSync(path.join(ROOT, 'node_modules')))
    if (entry !== '@mailplane') symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
  const { workspaces } = JSON.parse(readFileSync(path.join(tree, 'package.json'), 'utf8')) as { workspaces: string[] };
  for (const pattern of workspaces) {
    const dirs = pattern.endsWith('/*')
      ? readdirSync(path.join(tree, pattern.slice(0, -2))).map((name) => path.join(tree, pattern.slice(0, -2), name))
      : [path.join(tree, pattern)];
    for (const dir of dirs.filter((d) => existsSync(path.join(d, 'package.json')))) {
      const { name } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name: string };
      symlinkSync(path.relative(scope, dir), path.join(modules, name));
    }
  }
}
