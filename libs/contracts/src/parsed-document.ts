import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type YAMLModule from 'yaml';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- on first use, not at start (docs/decisions/toolchain.md)
const yaml = (): typeof YAMLModule => require('yaml');

// Beside the installed packages, as tsx and babel keep theirs: writable by whoever installed them, no one else.
export const CACHE_DIR = path.join(__dirname, '..', '..', '..', 'node_modules', '.cache', 'mailplane-contracts');

/** The contract parsed, via a JSON copy named by its text's hash: 15 ms against 0.6 s of CPU for the YAML, in every process. */
export function parsedDocument(file: string): unknown {
  const text = fs.readFileSync(file, 'utf8');
  const copy = path.join(CACHE_DIR, `${path.basename(file)}-${createHash('sha256').update(text).digest('hex')}.json`);
  try {
    return JSON.parse(fs.readFileSync(copy, 'utf8'));
  } catch {
    // No copy yet (or a damaged one): parse, and leave one for the next process.
  }
  const parsed: unknown = yaml().parse(text);
  try {
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    const partial = `${copy}.${process.pid}.tmp`;
    fs.writeFileSync(partial, JSON.stringify(parsed));
    fs.renameSync(partial, copy);
  } catch {
    // Read-only install: each process parses it. Writers rename a file of their own into place: readers see a whole copy or none.
  }
  return parsed;
}
