import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { DOCUMENT_PATH, document } from '../src';
import { CACHE_DIR, parsedDocument } from '../src/parsed-document';

const copiesOf = (name: string) => fs.readdirSync(CACHE_DIR).filter((f) => f.startsWith(`${name}-`));

describe('the contract parsed through its JSON copy', () => {
  it('when the package loads, then the document is what parsing openapi.yaml gives', () => {
    expect(document).toEqual(YAML.parse(fs.readFileSync(DOCUMENT_PATH, 'utf8')));
  });

  it('when a document changes, then the next parse reads the new text, not the copy of the old one; a damaged copy is parsed again', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'contract-')), `doc-${process.pid}-${Date.now()}.yaml`);
    const name = path.basename(file);
    fs.writeFileSync(file, 'info:\n  title: first\n');
    expect(parsedDocument(file)).toEqual({ info: { title: 'first' } });
    expect(copiesOf(name)).toHaveLength(1);

    fs.writeFileSync(file, 'info:\n  title: second\n');
    expect(parsedDocument(file)).toEqual({ info: { title: 'second' } });
    expect(copiesOf(name)).toHaveLength(2);

    for (const copy of copiesOf(name)) fs.writeFileSync(path.join(CACHE_DIR, copy), '{"info": ');
    expect(parsedDocument(file)).toEqual({ info: { title: 'second' } });
    for (const copy of copiesOf(name)) fs.rmSync(path.join(CACHE_DIR, copy));
  });

  it('when four processes start together on a document no copy exists for, then each reads it whole and one copy is left', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'contract-')), `doc-${process.pid}-${Date.now()}.yaml`);
    fs.writeFileSync(file, `paths:\n${Array.from({ length: 2000 }, (_, i) => `  /p${i}:\n    get: { operationId: op${i} }\n`).join('')}`);
    const script = `console.log(Object.keys(require(${JSON.stringify(path.join(__dirname, '../src/parsed-document.ts'))}).parsedDocument(${JSON.stringify(file)}).paths).length)`;
    const counts = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<string>((resolve, reject) =>
            execFile(process.execPath, ['--require', 'tsx/cjs', '-e', script], { cwd: path.join(__dirname, '..') }, (err, out) =>
              err ? reject(err) : resolve(out.trim()),
            ),
          ),
      ),
    );
    expect(counts).toEqual(['2000', '2000', '2000', '2000']);
    const name = path.basename(file);
    expect(copiesOf(name)).toHaveLength(1);
    expect(fs.readdirSync(CACHE_DIR).filter((f) => f.startsWith(name) && f.endsWith('.tmp'))).toEqual([]);
    for (const copy of copiesOf(name)) fs.rmSync(path.join(CACHE_DIR, copy));
  }, 60_000);
});
