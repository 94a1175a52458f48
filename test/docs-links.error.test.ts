import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const documents = tracked.filter((file) => file.endsWith('.md') && existsSync(path.join(root, file)));
// A backticked word is taken for a repository path when it starts at one of the repository's top-level folders.
const topFolders = new Set(tracked.filter((file) => file.includes('/')).map((file) => file.split('/')[0]));

function namedPaths(document: string): string[] {
  // Fenced blocks hold templates and shell sessions, not references.
  const text = readFileSync(path.join(root, document), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const names: string[] = [];
  for (const [, word] of text.matchAll(/`([^`\s]+)`/g)) {
    const candidate = word.replace(/[:#]\d+(-\d+)?$/, '').replace(/[.,;)]$/, '');
    if (/[*{}<>$?|]|\.\.\./.test(candidate) || !topFolders.has(candidate.split('/')[0]) || !candidate.includes('/')) continue;
    // A test is often named by its tag alone: `test/cluster.happy` for test/cluster.happy.test.ts.
    if (![candidate, `${candidate}.test.ts`].some((name) => existsSync(path.join(root, name)))) names.push(candidate);
  }
  // A path written out in prose, as in "(see services/mail/src/config.ts)".
  for (const [word] of text
    .replace(/`[^`]*`|\]\([^)]*\)/g, '')
    .matchAll(/(?<![\w./-])[a-z][\w-]*\/[\w./-]*\w\.(md|ts|ya?ml|json|m?js|cfg)\b/g)) {
    if (topFolders.has(word.split('/')[0]) && !existsSync(path.join(root, word))) names.push(word);
  }
  for (const [, target] of text.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^([a-z]+:|#)/i.test(target)) continue;
    const file = decodeURIComponent(target.split('#')[0]);
    if (!existsSync(path.join(root, path.dirname(document), file))) names.push(target);
  }
  return names;
}

describe('documents', () => {
  it('when every markdown document is read, then each repository path it names (in backticks or as a link) exists', () => {
    expect(documents.length).toBeGreaterThan(20);
    const broken = [...new Set(documents.flatMap((document) => namedPaths(document).map((name) => `${document}: ${name}`)))];
    expect(broken).toEqual([]);
  });

  it('when every tracked text file is read, then each decision record it names exists', () => {
    const texts = tracked.filter(
      (file) => /\.(ts|js|mjs|cjs|json|ya?ml|md|cfg|sh)$|Dockerfile$/.test(file) && existsSync(path.join(root, file)),
    );
    const named = texts.flatMap((file) =>
      [...readFileSync(path.join(root, file), 'utf8').matchAll(/docs\/decisions\/([\w-]+\.md)/g)].map(([, record]) => ({ file, record })),
    );
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter(({ record }) => !existsSync(path.join(root, 'docs/decisions', record)))).toEqual([]);
  });

  it('when the decision records are counted, then each is at most 800 words and all together (the index too) at most 25,000', () => {
    const records = documents.filter((file) => file.startsWith('docs/decisions/'));
    const words = records.map((file) => ({ file, words: readFileSync(path.join(root, file), 'utf8').split(/\s+/).filter(Boolean).length }));
    expect(words.filter((record) => record.words > 800 && !record.file.endsWith('README.md'))).toEqual([]);
    expect(words.reduce((sum, record) => sum + record.words, 0)).toBeLessThanOrEqual(25_000);
  });
});
