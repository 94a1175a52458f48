import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '..', '..');

/** A shell command of a page as a reader copies it: its lines joined where they end in `\`. */
export interface DocCommand {
  file: string;
  line: number;
  text: string;
}

/**
 * The commands of a markdown page's ```sh blocks, in order. What the page tells a reader to run against the API
 * (`curl …`, `npm run admin -- …`) and the shell variables those commands use (`NAME=$(…)`) are kept; installs,
 * starts and stops (npm ci, npm start, apt-get, docker, kubectl, swaks…) are left to the tests that start what they
 * start.
 */
export function shellCommands(file: string): DocCommand[] {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  const commands: DocCommand[] = [];
  let inBlock = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^```/.test(line)) {
      inBlock = !inBlock && line.trim() === '```sh';
      continue;
    }
    if (!inBlock || !line.trim() || line.trimStart().startsWith('#')) continue;
    const start = i;
    let text = line;
    while (text.endsWith('\\') && i + 1 < lines.length) text = `${text.slice(0, -1)} ${lines[++i].trim()}`;
    const command = withoutComment(text).trim();
    if (/^curl |^npm run admin -- /.test(command) || /^[A-Z_]+=\$\(/.test(command)) commands.push({ file, line: start + 1, text: command });
  }
  return commands;
}

/** A trailing `# …` comment, outside quotes, is the page talking to its reader. */
function withoutComment(text: string): string {
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '#' && /\s/.test(text[i - 1] ?? ' ')) return text.slice(0, i);
  }
  return text;
}

/** A placeholder the reader replaces with an id an earlier answer gave: `msg_...`, `whe_...`. */
export const PLACEHOLDER = /\b([a-z]{3})_\.\.\./g;
