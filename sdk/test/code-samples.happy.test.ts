import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { document, operations } from '@mailplane/contracts';
import { OPERATIONS } from '../src';

const root = path.join(__dirname, '..', '..');
interface Sample {
  lang: string;
  label: string;
  source: string;
}
const samplesOf = (op: (typeof operations)[number]) =>
  ((document.paths[op.path][op.method] as { 'x-codeSamples'?: Sample[] })['x-codeSamples'] ?? []) as Sample[];
const sdkOf = (operationId: string) => (OPERATIONS as Record<string, { sdk: string | { notInSdk: string } }>)[operationId].sdk;

describe('the code samples of openapi.yaml', () => {
  it('give every operation a curl with its method and path, and a Node SDK sample exactly when the SDK has a method for it', () => {
    for (const op of operations) {
      const samples = samplesOf(op);
      const curl = samples.find((s) => s.label === 'curl')?.source ?? '';
      const pathPattern = op.path.replace(/\{[^}]+\}/g, "[^/?' ]+").replace(/\./g, '\\.');
      const method = op.method === 'get' ? '' : ` -X ${op.method.toUpperCase()}`;
      expect([op.operationId, new RegExp(`^curl${method} 'http://localhost:8080${pathPattern}[?']`).test(curl)]).toEqual([
        op.operationId,
        true,
      ]);
      const sdk = sdkOf(op.operationId);
      const node = samples.find((s) => s.label === 'Node SDK')?.source;
      if (typeof sdk === 'string') expect([op.operationId, node?.includes(`await mailplane.${sdk}(`)]).toEqual([op.operationId, true]);
      else expect([op.operationId, node]).toEqual([op.operationId, undefined]);
    }
  });

  it('when every Node SDK call is type-checked under --strict against the SDK, then none is wrong', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mailplane-samples-'));
    try {
      const calls = operations.flatMap((op) => {
        const node = samplesOf(op).find((s) => s.label === 'Node SDK');
        if (!node) return [];
        // The call after the client is made; the import and the constructor are the same in every sample.
        const body = node.source.slice(node.source.indexOf('\n', node.source.indexOf('new Mailplane(')) + 1);
        return [`export async function ${op.operationId}() {\n${body}\n}`];
      });
      expect(calls.length).toBeGreaterThan(60);
      const sdk = path.join(root, 'sdk', 'src', 'index');
      writeFileSync(
        path.join(dir, 'samples.ts'),
        `import type { Mailplane } from ${JSON.stringify(sdk)};\ndeclare const mailplane: Mailplane;\n${calls.join('\n')}\n`,
      );
      writeFileSync(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            target: 'ES2022',
            module: 'nodenext',
            moduleResolution: 'nodenext',
            lib: ['ES2023', 'DOM'],
            skipLibCheck: true,
            noUnusedLocals: false,
            types: ['node'],
            typeRoots: [path.join(root, 'node_modules', '@types')],
          },
          files: ['samples.ts'],
        }),
      );
      const tsc = path.join(root, 'node_modules', 'tsgo', 'bin', 'tsc');
      const result = await promisify(execFile)(process.execPath, [tsc, '-p', dir]).then(
        () => '',
        (error: { stdout?: string }) => error.stdout ?? String(error),
      );
      expect(result).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
