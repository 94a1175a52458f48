import { Drop, Liquid, Tag, type Template } from 'liquidjs';

/** The three sources of a template. The subject and the text are plain text; the HTML is escaped by default. */
export interface TemplateSource {
  subject: string;
  html: string | null;
  text: string | null;
}
export type TemplateField = keyof TemplateSource;

export interface TemplateIssue {
  field: TemplateField;
  line: number | null;
  column: number | null;
  message: string;
}

// Bounds on one render of one field: liquidjs checks them at its own checkpoints (docs/decisions/templates.md).
const RENDER_LIMIT_MS = 100;
const MEMORY_LIMIT = 20_000_000;
const PARSE_LIMIT = 600_000;

/** `include`, `render` and `layout` would read other templates (files); a template sees its variables and nothing else. */
class Refused extends Tag {
  constructor(...args: ConstructorParameters<typeof Tag>) {
    super(...args);
    throw new Error(`{% ${args[0].name} %} is not available: a template sees only its variables`);
  }
  *render(): Generator<unknown, void, unknown> {}
}

function engine(escapeHtml: boolean): Liquid {
  const liquid = new Liquid({
    ...(escapeHtml ? { outputEscape: 'escape' as const } : {}),
    // Only a model's own fields: no `constructor`, no prototype, nothing inherited.
    ownPropertyOnly: true,
    strictFilters: true,
    // A missing variable throws (and is reported by name), except in a condition or under `default`.
    strictVariables: true,
    lenientIf: true,
    templates: {},
    relativeReference: false,
    renderLimit: RENDER_LIMIT_MS,
    memoryLimit: MEMORY_LIMIT,
    parseLimit: PARSE_LIMIT,
  });
  for (const name of ['include', 'render', 'layout']) liquid.registerTag(name, Refused);
  return liquid;
}

const engines = { text: engine(false), html: engine(true) };
const engineOf = (field: TemplateField) => (field === 'html' ? engines.html : engines.text);

export function issueOf(field: TemplateField, err: unknown): TemplateIssue {
  const position = (err as { token?: { getPosition?: () => [number, number] } }).token?.getPosition?.();
  const message = (err instanceof Error ? err.message : String(err)).replace(/, line:\d+, col:\d+$/, '');
  return { field, line: position?.[0] ?? null, column: position?.[1] ?? null, message };
}

export type Parsed = Partial<Record<TemplateField, Template[]>>;

export function parseSource(source: TemplateSource): { parsed: Parsed; issues: TemplateIssue[] } {
  const parsed: Parsed = {};
  const issues: TemplateIssue[] = [];
  for (const field of ['subject', 'html', 'text'] as const) {
    const text = source[field];
    if (text === null) continue;
    try {
      parsed[field] = engineOf(field).parse(text);
    } catch (err) {
      issues.push(issueOf(field, err));
    }
  }
  return { parsed, issues };
}

export function referencedVariables(parsed: Parsed): string[] {
  const names = new Set<string>();
  for (const field of ['subject', 'html', 'text'] as const) {
    const templates = parsed[field];
    if (templates) for (const name of engineOf(field).globalVariablesSync(templates)) names.add(name);
  }
  return [...names];
}

/** Stands in for a missing variable so the render can go on and find the next: every field of it is itself, and it shows as nothing. */
class Blank extends Drop {
  override liquidMethodMissing() {
    return this;
  }
  override valueOf() {
    return '';
  }
  override toString() {
    return '';
  }
}
const BLANK = new Blank();

export { BLANK, engineOf };
