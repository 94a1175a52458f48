import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '..');
const table = readFileSync(path.join(root, 'docs', 'configuration.md'), 'utf8');

/** Every variable the code reads through its environment reader (`read.int('NAME', …)`, `envReader(env).string('NAME')`). */
function variablesRead(): Map<string, string> {
  const files = execFileSync(
    'git',
    ['ls-files', 'services/*/src/*.ts', 'services/*/src/**/*.ts', 'platform/*.ts', 'platform/**/*.ts', 'libs/*/src/**/*.ts', 'bin/*.ts'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter(Boolean);
  const read = new Map<string, string>();
  for (const file of files)
    for (const [, name] of readFileSync(path.join(root, file), 'utf8').matchAll(
      /(?:\bread|envReader\([^)]*\))\.[a-zA-Z]+\(\s*'([A-Z][A-Z0-9_]+)'/g,
    ))
      if (!read.has(name)) read.set(name, file);
  return read;
}

describe('the configuration table of docs/configuration.md', () => {
  it('when the code is read, then every variable it reads has a row (when not, add one: its default and what it does)', () => {
    const read = variablesRead();
    expect(read.size).toBeGreaterThan(100);
    const missing = [...read].filter(([name]) => !table.includes(`\`${name}\``)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });
});
