import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importCircles } from './support/import-circles';

const root = path.join(__dirname, '..');
// Everything tsconfig.json type-checks: a cycle among them breaks module initialisation order in ways tests rarely show.
const folders = ['libs', 'services', 'platform', 'bin', 'test', 'sandbox', 'sdk/src', 'bench'];

const BOUNDARY_PROBES: [string, string, string[]][] = [
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
];
const boundarySource = (code: string) => `${code}\nexport const used = [Mailplane, kit, bodiesRepo, signIn];\n`;
const OPERATOR_PROBES: [string, number][] = [
  ['services/mail/src/routes/probe.ts', 1],
  ['services/mail/src/domain/probe.ts', 1],
  ['services/mail/src/data-access/probe.ts', 0],
];
const OPERATOR_SOURCE = 'export const filter = { createdAt: { $gt: 1 } };\n';

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

  it('when every TypeScript module is read with its imports (type-only ones and workspace packages too), then no import circle is found', () => {
    const files = execFileSync('git', ['ls-files', ...folders.map((folder) => `${folder}/*.ts`)], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((file) => path.join(root, file));
    expect(files.length).toBeGreaterThan(500);
    expect(importCircles(root, files)).toEqual([]);
  });

  it('when two modules of different packages import each other (one by package name, one type-only), then the circle is found', () => {
    const probes = new Map([
      [
        path.join(root, 'libs/runtime/src/circle-probe.ts'),
        "import type { B } from '@mailplane/store/src/circle-probe';\nexport type A = B[];\n",
      ],
      [
        path.join(root, 'libs/store/src/circle-probe.ts'),
        "import type { A } from '../../runtime/src/circle-probe';\nexport type B = A | 1;\n",
      ],
    ]);
    expect(importCircles(root, [...probes.keys()], probes)).toEqual([
      ['libs/runtime/src/circle-probe.ts', 'libs/store/src/circle-probe.ts'],
    ]);
  });

  // Every probe in one ESLint process: a process per probe costs ~2 s each.
  const linted = new Map<string, LintMessage[]>();
  beforeAll(async () => {
    const probes = [
      ...BOUNDARY_PROBES.map(([file, code]) => ({ file, source: boundarySource(code) })),
      ...OPERATOR_PROBES.map(([file]) => ({ file, source: OPERATOR_SOURCE })),
    ];
    const results = await lintAll(probes);
    probes.forEach((probe, i) => linted.set(`${probe.file}\n${probe.source}`, results[i]));
  }, 60_000);
  const messagesOf = (file: string, source: string) => linted.get(`${file}\n${source}`)!;

  it.each(BOUNDARY_PROBES)('when %s has `%s`, then lint says: %j', (file, code, messages) => {
    const found = messagesOf(file, boundarySource(code)).filter((m) => m.ruleId === 'mailplane/package-boundaries');
    expect(found.map((m) => m.message)).toEqual(messages);
  });

  it.each(OPERATOR_PROBES)('when %s spells a store query operator, then lint refuses it %i time(s)', (file, refusals) => {
    expect(messagesOf(file, OPERATOR_SOURCE).filter((m) => m.ruleId === 'no-restricted-syntax')).toHaveLength(refusals);
  });
});

type LintMessage = { ruleId: string; message: string };

/** ESLint's API in a child process (jest's VM cannot load the flat config, an ES module), each probe as if it were `file`. */
function lintAll(probes: { file: string; source: string }[]): Promise<LintMessage[][]> {
  const script = `import { ESLint } from 'eslint';
const probes = JSON.parse(await new Response(process.stdin).text());
const eslint = new ESLint();
const out = [];
for (const p of probes) out.push((await eslint.lintText(p.source, { filePath: p.file }))[0].messages);
process.stdout.write(JSON.stringify(out));`;
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['--input-type=module', '-e', script], { cwd: root, maxBuffer: 1 << 24 }, (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout)),
    );
    child.stdin!.end(JSON.stringify(probes));
  });
}
