import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Doc } from '../../src';
import type { ContractContext } from './context';

const BATCH = 200_000;

async function until(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !(await check());) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A process that opens the store and writes one large batch is killed (SIGKILL) while it writes. */
export function killTests(ctx: ContractContext): void {
  const { child } = ctx.options;
  if (!child) return;

  it('when a process is killed in the middle of a large insertMany, then afterwards the batch is there whole or not at all', async () => {
    const name = ctx.collectionName('killed');
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'child.ts'), JSON.stringify(child.config), name, String(BATCH)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    try {
      await until(async () => out.includes('writing'), 'the child to start its batch', 60_000);
      await until(() => child.writing(), 'the batch to be under way', 60_000);
    } finally {
      proc.kill('SIGKILL');
      await exited;
    }
    expect(out).not.toContain('written');
    await until(() => child.settled(), 'nothing of the killed process to run any more', 60_000);
    const stored = await ctx.store().collection<Doc>(name).count({});
    expect([0, BATCH]).toContain(stored);
  }, 120_000);
}
