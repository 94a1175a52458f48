import { BLANK, engineOf, issueOf, type Parsed, type TemplateField, type TemplateIssue } from './engine';

/** What a template renders to with a model: each field (null when absent or when it failed), what it lacks, what went wrong. */
export interface Rendering {
  subject: string | null;
  html: string | null;
  text: string | null;
  /** Variables the template requires and the model does not give, by path (`order.total`), in order of use. */
  missing: string[];
  issues: TemplateIssue[];
}

/** Largest rendered HTML or text (characters); the subject keeps the RFC 5322 line limit. */
export const MAX_RENDERED_CHARS = 2 * 1024 * 1024;
const MAX_SUBJECT_CHARS = 998;
// Each round finds one more missing variable; a model missing more than this is reported by its first ones.
const MAX_ROUNDS = 20;
/** One render of a template, every field and every round together, has this long (wall clock). */
export const RENDER_BUDGET_MS = 100;

/** When the whole render must be done by, and how long is left of it. */
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

/** Puts the blank at `path` in the scope, creating objects on the way; false when a value on the way is not an object. */
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

/**
 * One field, strictly: each missing variable is noted and stood in for by a blank, and the render tried again, so
 * every missing one is found (up to MAX_ROUNDS); the output is what the model gives, missing ones empty. Every round
 * spends the one deadline of the whole render: liquidjs stops a round that reaches it.
 */
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

/**
 * Renders every field of a parsed template with the model, all within RENDER_BUDGET_MS: a field the deadline stops is
 * reported as out of time, and the fields after it are not rendered. Never throws for what the template or model holds.
 */
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
