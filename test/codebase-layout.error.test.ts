import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

  it('when the happy files are read, then none asserts a refusal: a 4xx belongs in the error or security sibling (docs/decisions/testing.md)', () => {
    const files = execFileSync('git', ['ls-files', '*.happy.test.ts'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
    // expectProblem(answer, 4xx, …) across lines, a 4xx awaited or compared as a status; a 503 of readiness is a state, not a refusal.
    const refusal = /expectProblem\((?:[^;]|\n)*?,\s*4\d\d\s*[,)]|\.expect\(4\d\d\b|status\)\.toBe\(4\d\d\)|status: 4\d\d, code/g;
    const found = files.flatMap((file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      return [...text.matchAll(refusal)].map((m) => `${file}:${text.slice(0, m.index).split('\n').length}`);
    });
    expect(found).toEqual([]);
  });

  it('when every TypeScript module is read with its imports (type-only ones too), then no import circle is found', async () => {
    const graph = await madge(
      folders.map((folder) => path.join(root, folder)),
      { baseDir: root, fileExtensions: ['ts'], tsConfig: path.join(root, 'tsconfig.json'), excludeRegExp: [/node_modules/, /\/dist\//] },
    );
    expect(Object.keys(graph.obj()).length).toBeGreaterThan(500);
    expect(graph.circular()).toEqual([]);
  }, 180_000);

  it.each([
    [
      'services/dashboard/src/probe.ts',
      "import { Mailplane } from '../../../sdk/src';",
      ["'../../../sdk/src' reaches into another package: import '@mailplane/sdk'."],
    ],
    [
      'libs/contracts/src/probe.ts',
      "export type { Email } from '../../../sdk/src/types';",
      ["'../../../sdk/src/types' reaches into another package: import '@mailplane/sdk'."],
    ],
    [
      'services/mail/test/probe.ts',
      "import { signIn } from '../../dashboard/test/support';",
      ["'../../dashboard/test/support' reaches into another package: import '@mailplane/dashboard'."],
    ],
    ['services/dashboard/src/probe.ts', "import { Mailplane } from '@mailplane/sdk';\nimport { kit } from './kit';", []],
    ['test/probe.ts', "import { bodiesRepo } from '../services/mail/src/data-access/bodies-repo';", []],
  ])('when %s has `%s`, then lint says: %j', async (file, code, messages) => {
    const source = `${code}\nexport const used = [Mailplane, kit, bodiesRepo, signIn];\n`;
    const result = await lint(source, file);
    const found = result[0].messages.filter((m) => m.ruleId === 'mailplane/package-boundaries').map((m) => m.message);
    expect(found).toEqual(messages);
  });
  it.each([
    ['services/mail/src/routes/probe.ts', 1],
    ['services/mail/src/domain/probe.ts', 1],
    ['services/mail/src/data-access/probe.ts', 0],
  ])('when %s spells a store query operator, then lint refuses it %i time(s)', async (file, refusals) => {
    const [{ messages }] = await lint('export const filter = { createdAt: { $gt: 1 } };\n', file);
    expect(messages.filter((m) => m.ruleId === 'no-restricted-syntax')).toHaveLength(refusals);
  });
});

/** ESLint's own CLI on `source` as if it were `file` (jest's VM cannot load the flat config, an ES module). */
function lint(source: string, file: string): Promise<{ messages: { ruleId: string; message: string }[] }[]> {
  const cli = path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [cli, '--format', 'json', '--stdin', '--stdin-filename', file],
      { cwd: root },
      (error, stdout) => (stdout ? resolve(JSON.parse(stdout)) : reject(error)),
    );
    child.stdin!.end(source);
  });
}
