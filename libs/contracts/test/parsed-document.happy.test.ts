import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { DOCUMENT_PATH, document } from '../src';
import { parsedDocument } from '../src/parsed-document';

const CACHE_DIR = path.join(__dirname, '..', '..', '..', 'node_modules', '.cache', 'mailplane-contracts');
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
});
