import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { tenantWithDomain } from '../../test/support/mail';
import { removeDir, startTestPlatform, type TestPlatform } from '../../test/support/platform';

const run = promisify(execFile);
const root = path.resolve(__dirname, '..', '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

// What a user of the published package does: `npm pack` it, install the tarball into an empty project of their own
// (nothing of this repository on its path), type-check their code under --strict and run it, as ESM and as CommonJS.
describe('the SDK as a package', () => {
  let platform: TestPlatform;
  let t: Awaited<ReturnType<typeof tenantWithDomain>>;
  let work: string;
  let app: string;
  let packed: { name: string; filename: string; files: { path: string }[] };
  beforeAll(async () => {
    platform = await startTestPlatform();
    t = await tenantWithDomain(platform);
    work = mkdtempSync(path.join(os.tmpdir(), 'mailplane-sdk-pack-'));
    const { stdout } = await run('npm', ['pack', '-w', '@mailplane/sdk', '--pack-destination', work, '--json'], { cwd: root });
    // npm prints the prepack build's output before the JSON.
    [packed] = JSON.parse(stdout.slice(stdout.indexOf('[')));
    app = path.join(work, 'my-app');
    await run('mkdir', [app]);
    writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'my-app', private: true, type: 'module' }));
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(work, packed.filename)], { cwd: app });
  }, 180_000);
  afterAll(async () => {
    await platform.stop();
    removeDir(work);
  });

  it('when packed, then the tarball is @mailplane/sdk with its built code, types, README and licence, and no sources or tests', () => {
    expect(packed.name).toBe('@mailplane/sdk');
    const files = packed.files.map((f) => f.path);
    expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'LICENSE', 'dist/index.js', 'dist/index.d.ts']));
    expect(files.filter((f) => !f.startsWith('dist/') && !['package.json', 'README.md', 'LICENSE'].includes(f))).toEqual([]);
    const manifest = JSON.parse(readFileSync(path.join(app, 'node_modules', '@mailplane', 'sdk', 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({ license: 'MIT', publishConfig: { access: 'public' }, types: 'dist/index.d.ts' });
    expect(manifest.dependencies ?? {}).toEqual({});
  });

  it("when a project's code uses it under --strict, then it type-checks, and a wrong call does not", async () => {
    const code = `import { Mailplane, MailplaneError, verifyWebhook } from '@mailplane/sdk';
const mailplane = new Mailplane({ apiKey: 'mp_x', baseUrl: 'http://localhost:3000' });
export async function send(): Promise<string> {
  const sent = await mailplane.emails.send({ from: 'a@example.com', to: 'b@example.org', subject: 'Hi', text: 'Hello' });
  const email = await mailplane.emails.get(sent.id);
  try {
    await mailplane.identities.rotateDkimKey(email.id, { algorithm: 'ed25519-sha256' });
  } catch (error) {
    if (error instanceof MailplaneError) return error.code;
  }
  const event = verifyWebhook('{}', {}, 'whsec_x');
  return event.type === 'email.sent' ? event.data.messageId : email.status;
}
`;
    const tsconfig = (files: string[]) =>
      JSON.stringify({
        // A Node project has @types/node, whose globals (fetch, Headers) the SDK's types name.
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          lib: ['ES2023'],
          types: ['node'],
          typeRoots: [path.join(root, 'node_modules', '@types')],
        },
        files,
      });
    writeFileSync(path.join(app, 'app.ts'), code);
    writeFileSync(path.join(app, 'tsconfig.json'), tsconfig(['app.ts']));
    const checked = await run('node', [tsc, '-p', app], { cwd: app }).catch((err: { stdout: string }) => ({ stdout: err.stdout }));
    expect(checked.stdout).toBe('');

    writeFileSync(
      path.join(app, 'wrong.ts'),
      `import { Mailplane } from '@mailplane/sdk';\nawait new Mailplane({ apiKey: 'x' }).emails.send({ to: 1 });\n`,
    );
    writeFileSync(path.join(app, 'tsconfig.json'), tsconfig(['wrong.ts']));
    const wrong = await run('node', [tsc, '-p', app], { cwd: app }).then(
      () => '',
      (err: { stdout: string }) => err.stdout,
    );
    expect(wrong).toMatch(/wrong\.ts\(2,\d+\): error TS2/);
  }, 120_000);

  it.each([
    ['ESM', 'send.mjs', `import { Mailplane } from '@mailplane/sdk';`],
    ['CommonJS', 'send.cjs', `const { Mailplane } = require('@mailplane/sdk');`],
  ])('when it runs as %s in that project, then it sends through the platform and reads the message back', async (_kind, file, load) => {
    writeFileSync(
      path.join(app, file),
      `${load}
const mailplane = new Mailplane({ apiKey: process.env.KEY, baseUrl: process.env.URL });
(async () => {
  const sent = await mailplane.emails.send({ from: 'hi@${t.domain}', to: 'jo@example.org', subject: 'From the package', text: 'Hello' });
  const read = await mailplane.emails.get(sent.id);
  console.log(JSON.stringify({ id: sent.id, readId: read.id, subject: read.subject }));
})().catch((err) => { console.error(err); process.exit(1); });
`,
    );
    const { stdout } = await run('node', [file], { cwd: app, env: { PATH: process.env.PATH, KEY: t.key, URL: platform.url } });
    const out = JSON.parse(stdout);
    expect(out.id).toMatch(/^msg_/);
    expect(out).toEqual({ id: out.id, readId: out.id, subject: 'From the package' });
  });
});
