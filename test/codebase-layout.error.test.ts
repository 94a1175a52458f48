import { execFileSync } from 'node:child_process';
import path from 'node:path';
import madge from 'madge';

const root = path.join(__dirname, '..');
// Everything tsconfig.json type-checks: a cycle among them breaks module initialisation order in ways tests rarely show.
const folders = ['libs', 'services', 'platform', 'bin', 'test', 'sandbox', 'sdk/src', 'bench'];

describe('codebase layout', () => {
  it('when the test files are listed, then each is tagged happy, error or security (docs/decisions/testing.md)', () => {
    const files = execFileSync('git', ['ls-files', '*.test.ts'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => !/\.(happy|error|security)\.test\.ts$/.test(file))).toEqual([]);
  });

  it('when every TypeScript module is read with its imports (type-only ones too), then no import circle is found', async () => {
    const graph = await madge(
      folders.map((folder) => path.join(root, folder)),
      { baseDir: root, fileExtensions: ['ts'], tsConfig: path.join(root, 'tsconfig.json'), excludeRegExp: [/node_modules/, /\/dist\//] },
    );
    expect(Object.keys(graph.obj()).length).toBeGreaterThan(500);
    expect(graph.circular()).toEqual([]);
  }, 180_000);
});
