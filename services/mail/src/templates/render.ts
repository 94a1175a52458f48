import { BLANK, engineOf, issueOf, type Parsed, type TemplateField, type TemplateIssue } from './engine';

/** A field is null when absent or when it failed. */
export interface Rendering {
  subject: string | null;
  html: string | null;
  text: string | null;
  missing: string[];
  issues: TemplateIssue[];
}

/** Largest rendered HTML or text (characters); the subject keeps the RFC 5322 line limit. */
export const MAX_RENDERED_CHARS = 2 * 1024 * 1024;
const MAX_SUBJECT_CHARS = 998;
// Each round finds one more missing variable; a model missing more than this is reported by its first ones.
const MAX_ROUNDS = 20;
export const RENDER_BUDGET_MS = 100;

const deadlineIn = (ms: number) => {
  const at = performance.now() + ms;
  return { left: () => Math.floor(at - performance.now()) };
};
type Deadline = ReturnType<typeof deadlineIn>;
const outOfTime = (field: TemplateField): TemplateIssue => ({
  field,
  line: null,
  column: null,
  message: `rendering took longer than ${RENDER_BUDGET_MS} ms in all`,
});

// liquidjs names the variable in its message; the message is a short string, never the template.
const UNDEFINED = /^undefined variable: (\S+)$/;
const missingPath = (issue: TemplateIssue, err: unknown) =>
  (err as Error | null)?.name === 'UndefinedVariableError' ? (UNDEFINED.exec(issue.message)?.[1] ?? null) : null;

function fill(scope: Record<string, unknown>, path: string): boolean {
  const keys = path.split('.');
  let node: Record<string, unknown> = scope;
  for (const key of keys.slice(0, -1)) {
    const next = Object.hasOwn(node, key) ? node[key] : (node[key] = {});
    if (next === null || typeof next !== 'object' || next === BLANK) return false;
    node = next as Record<string, unknown>;
  }
  node[keys[keys.length - 1]] = BLANK;
  return true;
}

/** Strict: each missing variable is noted, blanked and the render retried (up to MAX_ROUNDS); every round spends the one deadline. */
async function renderField(
  field: TemplateField,
  templates: Parsed[TemplateField],
  model: Record<string, unknown>,
  missing: string[],
  deadline: Deadline,
) {
  const scope = structuredClone(model);
  const within = () => {
    const left = deadline.left();
    if (left <= 0) throw Object.assign(new Error('out of time'), { outOfTime: true });
    return { renderLimit: left };
  };
  for (let round = 0; ; round++) {
    try {
      return { output: (await engineOf(field).render(templates!, scope, within())) as string, issue: null };
    } catch (err) {
      if ((err as { outOfTime?: boolean }).outOfTime) throw err;
      const issue = issueOf(field, err);
      const path = missingPath(issue, err);
      if (!path) return { output: null, issue };
      if (!missing.includes(path)) missing.push(path);
      if (round >= MAX_ROUNDS || !fill(scope, path)) {
        const lenient = (await engineOf(field).render(templates!, scope, { ...within(), strictVariables: false })) as string;
        return { output: lenient, issue: null };
      }
    }
  }
}

function outputIssue(field: TemplateField, output: string): TemplateIssue | null {
  const at = (message: string) => ({ field, line: null, column: null, message });
  if (field !== 'subject') return output.length > MAX_RENDERED_CHARS ? at(`renders to more than ${MAX_RENDERED_CHARS} characters`) : null;
  if (/[\r\n]/.test(output)) return at('renders with a line break');
  if (output.trim() === '') return at('renders empty');
  return output.length > MAX_SUBJECT_CHARS ? at(`renders to more than ${MAX_SUBJECT_CHARS} characters`) : null;
}

/** Within `budgetMs` in all: a field the deadline stops is out of time, the rest are skipped. Never throws for template or model. */
export async function renderParsed(parsed: Parsed, model: Record<string, unknown>, budgetMs = RENDER_BUDGET_MS): Promise<Rendering> {
  const rendering: Rendering = { subject: null, html: null, text: null, missing: [], issues: [] };
  const deadline = deadlineIn(budgetMs);
  for (const field of ['subject', 'html', 'text'] as const) {
    if (!parsed[field]) continue;
    if (deadline.left() <= 0) {
      rendering.issues.push(outOfTime(field));
      break;
    }
    const { output, issue } = await renderField(field, parsed[field], model, rendering.missing, deadline).catch((err: unknown) => ({
      output: null,
      issue: (err as { outOfTime?: boolean }).outOfTime || deadline.left() <= 0 ? outOfTime(field) : issueOf(field, err),
    }));
    const problem = issue ?? (output === null ? null : outputIssue(field, output));
    if (problem) rendering.issues.push(problem);
    else rendering[field] = output;
  }
  return rendering;
}
