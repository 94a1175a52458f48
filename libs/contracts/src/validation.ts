import type { ValidateFunction } from 'ajv/dist/2020';
import { forAjv, ajv } from './ajv';
import { canonicalInstant } from './instant';
import { toIssues, type Issue } from './issues';
import { deref, getOperation, rawOperation } from './openapi';

export { validateResponse } from './validate-response';
export type { Issue };

/** One HTTP request as the gateway sees it; query and path values are still strings. */
export interface RequestParts {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  headers?: Record<string, string | string[] | undefined>;
  body?: unknown;
  /** Media type without parameters, lowercased; absent when there is no body. */
  contentType?: string | null;
}

export type RequestValidation =
  { ok: true; value: { params: Record<string, string>; query: Record<string, unknown>; body: unknown } } | { ok: false; errors: Issue[] };

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Record<string, unknown>;
}

interface Part {
  validate: ValidateFunction;
  /** Declared scalar type per parameter (`date-time` for that string format), used to coerce strings. */
  types: Map<string, string>;
}

interface CompiledRequest {
  params: Part;
  query: Part;
  headers: Part;
  bodies: Map<string, ValidateFunction>;
  bodyRequired: boolean;
  rawBody: boolean;
}

const cache = new Map<string, CompiledRequest>();

function scalarType(schema: Record<string, unknown> | undefined): string {
  const resolved = deref(schema ?? {}) as { type?: unknown; format?: unknown };
  if (resolved.type === 'string' && resolved.format === 'date-time') return 'date-time';
  return typeof resolved.type === 'string' ? resolved.type : 'string';
}

function compilePart(parameters: Parameter[], where: Parameter['in'], closed: boolean): Part {
  const mine = parameters.filter((p) => p.in === where);
  const key = (p: Parameter) => (where === 'header' ? p.name.toLowerCase() : p.name);
  const schema = {
    type: 'object',
    properties: Object.fromEntries(mine.map((p) => [key(p), forAjv(p.schema ?? {})])),
    required: mine.filter((p) => p.required).map(key),
    additionalProperties: !closed,
  };
  return { validate: ajv.compile(schema), types: new Map(mine.map((p) => [key(p), scalarType(p.schema)])) };
}

function compile(operationId: string): CompiledRequest {
  const op = rawOperation(operationId);
  const parameters = ((op.parameters as unknown[] | undefined) ?? []).map((p) => deref(p) as Parameter);
  const requestBody = deref(op.requestBody as { required?: boolean; content?: Record<string, { schema?: unknown }> } | undefined);
  const bodies = new Map<string, ValidateFunction>();
  for (const [mediaType, media] of Object.entries(requestBody?.content ?? {})) {
    bodies.set(mediaType, ajv.compile(forAjv(media.schema ?? {}) as object));
  }
  return {
    params: compilePart(parameters, 'path', true),
    query: compilePart(parameters, 'query', true),
    headers: compilePart(parameters, 'header', false),
    bodies,
    bodyRequired: requestBody?.required === true,
    rawBody: getOperation(operationId).rawBody,
  };
}

function compiled(operationId: string): CompiledRequest {
  let entry = cache.get(operationId);
  if (!entry) {
    entry = compile(operationId);
    cache.set(operationId, entry);
  }
  return entry;
}

// Coerces query and path strings declared numeric, boolean or instant; anything unlike its type is left for the schema
// to reject (integers are decimal digits only: not `1e1`, `0x10`, `+5`, `5.0`).
function coerce(values: Record<string, unknown>, types: Map<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const type = types.get(name);
    if (typeof value !== 'string') out[name] = value;
    else if (type === 'date-time') out[name] = canonicalInstant(value) ?? value;
    else if (type === 'integer' && /^-?\d{1,15}$/.test(value)) out[name] = Number(value);
    else if (type === 'number' && value.trim() !== '' && Number.isFinite(Number(value))) out[name] = Number(value);
    else if (type === 'boolean' && (value === 'true' || value === 'false')) out[name] = value === 'true';
    else out[name] = value;
  }
  return out;
}

function check(part: Part, values: Record<string, unknown>, prefix: string, issues: Issue[]): Record<string, unknown> {
  const value = coerce(values, part.types);
  if (!part.validate(value)) issues.push(...toIssues(part.validate.errors, prefix));
  return value;
}

function checkBody(c: CompiledRequest, body: unknown, contentType: string | null | undefined, issues: Issue[]): unknown {
  if (c.rawBody) return body; // verified and parsed by the owning service
  if (body === undefined || body === null) {
    if (c.bodyRequired) issues.push({ path: '/body', message: 'is required' });
    return undefined;
  }
  const validate = contentType ? c.bodies.get(contentType) : undefined;
  if (!validate) {
    const accepted = [...c.bodies.keys()];
    issues.push({
      path: '/headers/content-type',
      message: accepted.length ? `must be one of: ${accepted.join(', ')}` : 'no body is accepted',
    });
    return undefined;
  }
  const value = structuredClone(body); // ajv writes defaults into what it validates
  if (!validate(value)) issues.push(...toIssues(validate.errors, '/body'));
  return value;
}

// Unknown query parameters are ignored: several operations have no 400 for them, and proxies add tracking parameters.
function declaredOnly(values: Record<string, unknown>, types: Map<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => types.has(name)));
}

/** Checks a request against the contract; `x-raw-body` bodies are not checked (their service verifies a signature over the bytes). */
export function validateRequest(operationId: string, parts: RequestParts): RequestValidation {
  const c = compiled(operationId);
  const issues: Issue[] = [];
  const params = check(c.params, parts.params ?? {}, '/params', issues);
  const query = check(c.query, declaredOnly(parts.query ?? {}, c.query.types), '/query', issues);
  const headers = Object.fromEntries(Object.entries(parts.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  check(c.headers, headers, '/headers', issues);
  const body = checkBody(c, parts.body, parts.contentType, issues);
  if (issues.length > 0) return { ok: false, errors: issues };
  return { ok: true, value: { params: params as Record<string, string>, query, body } };
}
