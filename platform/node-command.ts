import { existsSync } from 'node:fs';
import path from 'node:path';
import { NODE_FLAGS } from './node-flags';

const ROOT = path.resolve(__dirname, '..');

/**
 * The command line that runs `script` (a path under the repository, without its extension) in a process of its own:
 * from the compiled tree (`scripts/build.mjs`) when this process runs from it or `compiledTree` names one (the
 * tests' MAILPLANE_COMPILED: a start takes ~30 % less CPU without tsx); else the TypeScript through tsx, loaded into node
 * itself so a signal reaches the service, not a wrapper.
 */
export function nodeCommand(script: string, args: string[] = [], nodeArgs: string[] = [], compiledTree?: string): string[] {
  const compiled = path.extname(__filename) === '.js' ? ROOT : compiledTree;
  const js = compiled && path.join(compiled, `${script}.js`);
  if (js && existsSync(js)) return [process.execPath, ...NODE_FLAGS, ...nodeArgs, js, ...args];
  return [process.execPath, ...NODE_FLAGS, ...nodeArgs, '--import', 'tsx', path.join(ROOT, `${script}.ts`), ...args];
}
