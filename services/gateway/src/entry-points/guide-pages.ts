import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Marked, type Tokens } from 'marked';
import { escape } from '@mailplane/html';

/** docs/guides of the repository (and of the image, which copies it). */
const GUIDES_DIR = path.join(__dirname, '..', '..', '..', '..', 'docs', 'guides');

export interface Guide {
  name: string;
  title: string;
  html: string;
}

/** GitHub's heading anchors, which the guides' `file.md#anchor` links were written against. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

/** A path into the repository (a decision record, a test) has no page here: null, so it is shown as its text. */
function pageLink(href: string, names: Set<string>): string | null {
  if (href.startsWith('#') || /^https?:\/\//.test(href)) return href;
  const guide = /^([a-z0-9-]+)\.md(#[\w-]*)?$/i.exec(href);
  if (!guide) return null;
  if (guide[1] === 'README') return `/docs/guides${guide[2] ?? ''}`;
  return names.has(guide[1]) ? `/docs/guides/${guide[1]}${guide[2] ?? ''}` : null;
}

function renderer(names: Set<string>) {
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens);
        return `<h${token.depth} id="${slug(inner)}">${inner}</h${token.depth}>\n`;
      },
      link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link) {
        const inner = this.parser.parseInline(token.tokens);
        const href = pageLink(token.href, names);
        if (href === null) return inner;
        const external = /^https?:/.test(href) ? ' rel="noopener noreferrer"' : '';
        return `<a href="${escape(href)}"${external}>${inner}</a>`;
      },
      // The guides are ours and hold no markup; any that crept in is shown, never run.
      html: (token: Tokens.HTML | Tokens.Tag) => escape(token.text),
    },
  });
  return marked;
}

export function loadGuides(dir = GUIDES_DIR): Map<string, Guide> {
  const files = readdirSync(dir).filter((file) => file.endsWith('.md'));
  const names = new Set(files.map((file) => file.slice(0, -3)).filter((name) => name !== 'README'));
  const marked = renderer(names);
  const guides = new Map<string, Guide>();
  for (const file of files) {
    const source = readFileSync(path.join(dir, file), 'utf8');
    const title = /^# (.+)$/m.exec(source)?.[1] ?? file;
    // Code and wide tables scroll sideways on a phone; a keyboard reaches what scrolls (axe: scrollable-region-focusable).
    const html = marked.parse(source, { async: false }).replace(/<(pre|table)>/g, '<$1 tabindex="0">');
    guides.set(file.slice(0, -3), { name: file.slice(0, -3), title, html });
  }
  return guides;
}
