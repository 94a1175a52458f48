import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

// Beside the installed packages, as tsx and babel keep theirs: writable by whoever installed them, no one else.
export const CACHE_DIR = path.join(__dirname, '..', '..', '..', 'node_modules', '.cache', 'mailplane-contracts');

/**
 * The contract parsed, through a JSON copy named by the hash of its text: parsing its 400 kB of YAML costs about
 * 0.6 s of CPU, in every process that loads the package (each replica, each restart), against 15 ms for the JSON. A
 * changed document has another hash, so a stale copy is never read; a copy that cannot be written is parsed again
 * next time, nothing more.
 */
export function parsedDocument(file: string): unknown {
  const text = fs.readFileSync(file, 'utf8');
  const copy = path.join(CACHE_DIR, `${path.basename(file)}-${createHash('sha256').update(text).digest('hex')}.json`);
  try {
    return JSON.parse(fs.readFileSync(copy, 'utf8'));
  } catch {
    // No copy yet (or a damaged one): parse, and leave one for the next process.
  }
  const parsed: unknown = YAML.parse(text);
  try {
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    const partial = `${copy}.${process.pid}.tmp`;
    fs.writeFileSync(partial, JSON.stringify(parsed));
    fs.renameSync(partial, copy);
  } catch {
    // A read-only install: each process parses the YAML itself. Replicas starting together each write a file of
    // their own and rename it into place, so a reader finds a whole copy or none.
  }
  return parsed;
}
