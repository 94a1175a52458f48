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

function build() {
  rmSync(OUT, { recursive: true, force: true });
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/tsgo/bin/tsc'), '-p', path.join(ROOT, 'tsconfig.build.json')], {
    stdio: 'inherit',
  });
  for (const file of sourceFiles()) {
    if (file.endsWith('.ts') || file === path.join(ROOT, 'tsconfig.json')) continue;
    const target = path.join(OUT, path.relative(ROOT, file));
    mkdirSync(path.dirname(target), { recursive: true });
    if (path.basename(file) === 'package.json') writeFileSync(target, readFileSync(file, 'utf8').replace(/(src\/[^"]*)\.ts"/g, '$1.js"'));
    else copyFileSync(file, target);
  }
  for (const dir of LINKED) symlinkSync(path.join(ROOT, dir), path.join(OUT, dir));
  const scope = path.join(ROOT, 'node_modules', '@mailplane');
  mkdirSync(path.join(OUT, 'node_modules', '@mailplane'), { recursive: true });
  for (const name of readdirSync(scope)) {
    const workspace = path.resolve(scope, readlinkSync(path.join(scope, name)));
    symlinkSync(path.join(OUT, path.relative(ROOT, workspace)), path.join(OUT, 'node_modules', '@mailplane', name));
  }
  writeFileSync(STAMP, `${new Date().toISOString()}\n`);
}

if (!process.argv.includes('--if-stale') || stale()) build();
