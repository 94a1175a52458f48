// Self time of a V8 .cpuprofile by npm package, or repo folder for our own code:
// `npx tsx bench/profile-summary.ts <file.cpuprofile> [top]`
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const ROOT = path.resolve(__dirname, '..');
const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]');
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

function bucket(node: Node): string {
  const { url, functionName } = node.callFrame;
  if (!url) return `(${functionName || 'native'})`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return url.split('/')[0].replace(/^node:internal$/, 'node:internal');
  const repo = new RegExp(`${ROOT}/((?:libs|services)/[^/]+|[^/]+)`).exec(url);
  return repo ? repo[1] : url;
}

const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const isRuntime = (b: string) => b.startsWith('node:') || (b.startsWith('(') && !['((idle))', '((garbage collector))'].includes(b));
/** Node internals and native frames charged to the nearest package or repo frame that called them. */
function owner(id: number): string {
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const b = bucket(byId.get(cur)!);
    if (!isRuntime(b)) return b;
  }
  return bucket(byId.get(id)!);
}
const byOwner = new Map<string, number>();
const byBucket = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id)!;
  add(byBucket, bucket(node), us);
  add(byOwner, owner(id), us);
  const { functionName, url, lineNumber } = node.callFrame;
  add(
    byFunction,
    `${functionName || '(anonymous)'} ${url.replace(/^.*\/node_modules\//, '').replace(`file://${ROOT}/`, '')}:${lineNumber + 1}`,
    us,
  );
}
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title} (of ${(total / 1e6).toFixed(2)} s sampled)`);
  for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1e3).toFixed(0).padStart(7)} ms  ${k}`);
  }
};
print('self time by package / repo folder', byBucket);
print('time charged to the package / repo folder that called into node or native code', byOwner);
print('self time by function', byFunction);
