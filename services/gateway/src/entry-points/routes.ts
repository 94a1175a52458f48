import { operations, type Operation } from '@mailplane/contracts';

// Exact matches only, as the router is configured: case-sensitive, no trailing slash. Templates hold
// letters, `-`, `.`, `/` and `{name}`; the dot is the one character to escape.
const matchers = operations.map((op) => ({
  op,
  pattern: new RegExp(`^${op.path.replace(/\./g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/** The operations (of those a listener serves) whose path template matches a raw (still percent-encoded) request path. */
export function operationsAt(path: string, among: readonly Operation[] = operations): Operation[] {
  return matchers.filter((m) => among.includes(m.op) && m.pattern.test(path)).map((m) => m.op);
}

export type Surface = 'all' | 'api' | 'admin';

export function operationsOf(surface: Surface): readonly Operation[] {
  if (surface === 'all') return operations;
  return operations.filter((op) => (op.security === 'admin') === (surface === 'admin'));
}

export function allowedMethods(ops: Operation[]): string {
  return [...new Set(ops.map((op) => op.method.toUpperCase()))].join(', ');
}

/** True when every segment of a raw path percent-decodes to valid UTF-8. */
export function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
