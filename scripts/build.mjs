#!/usr/bin/env node
// Compiles the platform's TypeScript into `.build/` (same layout, JavaScript), which node runs without tsx: a process
// starts on ~30 % less CPU. Packages resolve by name inside the tree (`.build/node_modules/@mailplane/*`), everything
// else from the repository's node_modules. `--if-stale` builds only when a source is newer than the last build.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, '.build');
const STAMP = path.join(OUT, '.built');
const SOURCES = ['libs', 'services', 'sdk', 'platform', 'bin', 'sandbox'];
// Read from the repository's root by path (the gateway's guides, the cluster's HAProxy file).
const LINKED = ['docs', 'ops'];
const SKIPPED = new Set(['node_modules', 'dist', 'test', '.build']);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

const sourceFiles = () => [path.join(ROOT, 'tsconfig.json'), ...SOURCES.flatMap((dir) => [...files(path.join(ROOT, dir))])];

function stale() {
  if (!existsSync(STAMP)) return true;
  const built = statSync(STAMP).mtimeMs;
  return sourceFiles().some((file) => statSync(file).mtimeMs > built);
}

/** Written beside `.build/` and swapped in whole: a test run starting processes meanwhile never meets half a tree. */
function build() {
  const next = `${OUT}.${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/tsgo/bin/tsc'), '-p', path.join(ROOT, 'tsconfig.build.json'), '--outDir', next],
    {
      stdio: 'inherit',
    },
  );
  for (const file of sourceFiles()) {
    if (file.endsWith('.ts') || file === path.join(ROOT, 'tsconfig.json')) continue;
    const target = path.join(next, path.relative(ROOT, file));
    mkdirSync(path.dirname(target), { recursive: true });
    if (path.basename(file) === 'package.json') writeFileSync(target, readFileSync(file, 'utf8').replace(/(src\/[^"]*)\.ts"/g, '$1.js"'));
    else copyFileSync(file, target);
  }
  for (const dir of LINKED) symlinkSync(path.join(ROOT, dir), path.join(next, dir));
  // Absolute links into `.build/`, the name the tree has once swapped in.
  const scope = path.join(ROOT, 'node_modules', '@mailplane');
  mkdirSync(path.join(next, 'node_modules', '@mailplane'), { recursive: true });
  for (const name of readdirSync(scope)) {
    const workspace = path.resolve(scope, readlinkSync(path.join(scope, name)));
    symlinkSync(path.join(OUT, path.relative(ROOT, workspace)), path.join(next, 'node_modules', '@mailplane', name));
  }
  writeFileSync(path.join(next, '.built'), `${new Date().toISOString()}\n`);
  const old = `${OUT}.old.${process.pid}`;
  if (existsSync(OUT)) renameSync(OUT, old);
  renameSync(next, OUT);
  rmSync(old, { recursive: true, force: true });
}

if (!process.argv.includes('--if-stale') || stale()) build();
