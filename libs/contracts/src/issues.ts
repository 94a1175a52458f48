import type { ErrorObject } from 'ajv/dist/2020';

/** One reason a value does not match its schema; `path` is a JSON Pointer (`/body/subject`). */
export interface Issue {
  path: string;
  message: string;
}

function describe(e: ErrorObject): { where: string; message: string } {
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties':
      return { where: `${e.instancePath}/${params.additionalProperty}`, message: 'is not allowed' };
    case 'unevaluatedProperties':
      return { where: `${e.instancePath}/${params.unevaluatedProperty}`, message: 'is not allowed' };
    case 'required':
      return { where: `${e.instancePath}/${params.missingProperty}`, message: 'is required' };
    case 'pattern':
      // Long patterns say nothing useful to a client; the schema in openapi.yaml documents the rule.
      return { where: e.instancePath, message: String(params.pattern).length > 40 ? 'has an invalid format' : (e.message ?? '') };
    case 'propertyNames':
      return { where: `${e.instancePath}/${params.propertyName}`, message: 'is not an allowed name' };
    default:
      return { where: e.instancePath, message: e.message ?? 'is invalid' };
  }
}

/** Ajv errors as issues under `prefix`: one per failed `anyOf`, not per branch; `if`/`then` wrappers dropped. */
export function toIssues(errors: ErrorObject[] | null | undefined, prefix = ''): Issue[] {
  const all = errors ?? [];
  const anyOfs = all.filter((e) => e.keyword === 'anyOf');
  const inside = (e: ErrorObject) => anyOfs.find((a) => a !== e && e.schemaPath.startsWith(`${a.schemaPath}/`));
  const issues: Issue[] = [];
  const seen = new Set<string>();
  const add = (where: string, message: string) => {
    const path = `${prefix}${where}` || '/';
    if (!seen.has(`${path}\u0000${message}`)) issues.push({ path, message });
    seen.add(`${path}\u0000${message}`);
  };
  for (const e of all) {
    if (e.keyword === 'if' || inside(e)) continue;
    if (e.keyword === 'anyOf') {
      const branches = all.filter((c) => inside(c) === e);
      const missing = branches
        .filter((c) => c.keyword === 'required')
        .map((c) => (c.params as { missingProperty: string }).missingProperty);
      add(
        e.instancePath,
        missing.length === branches.length && missing.length > 0
          ? `needs one of: ${missing.join(', ')}`
          : 'matches none of the allowed forms',
      );
      continue;
    }
    const { where, message } = describe(e);
    add(where, message);
  }
  return issues;
}
