import type { ValidateFunction } from 'ajv/dist/2020';
import { forAjv, ajv } from './ajv';
import { ErrorCodes, isErrorCode, problemType } from './errors';
import { toIssues, type Issue } from './issues';
import { deref, rawOperation } from './openapi';

interface ResponseObject {
  content?: Record<string, { schema?: unknown }>;
  headers?: Record<string, { required?: boolean; schema?: unknown }>;
  /** On a `default` response: the only statuses it stands for. */
  'x-statuses'?: number[];
}

const cache = new Map<string, ValidateFunction>();

function bodyValidator(key: string, schema: unknown): ValidateFunction {
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile(forAjv(schema ?? {}) as object);
    cache.set(key, validate);
  }
  return validate;
}

function documented(operationId: string, status: number): { key: string; response: ResponseObject } | null {
  const responses = (rawOperation(operationId).responses ?? {}) as Record<string, unknown>;
  for (const key of [String(status), `${String(status)[0]}XX`]) {
    if (responses[key]) return { key, response: deref(responses[key]) as ResponseObject };
  }
  // `default` stands for the cross-cutting problems it lists, never for a success or another error.
  const fallback = responses.default ? (deref(responses.default) as ResponseObject) : undefined;
  return fallback?.['x-statuses']?.includes(status) ? { key: 'default', response: fallback } : null;
}

const isEmpty = (body: unknown) =>
  body === undefined || body === null || body === '' || (typeof body === 'object' && Object.keys(body as object).length === 0);

function problemIssues(status: number, body: unknown): Issue[] {
  const problem = body as { status?: unknown; code?: unknown; type?: unknown };
  const issues: Issue[] = [];
  if (problem?.status !== status) issues.push({ path: '/body/status', message: `must equal the HTTP status ${status}` });
  if (isErrorCode(problem?.code)) {
    if (ErrorCodes[problem.code].status !== status)
      issues.push({ path: '/body/code', message: `${problem.code} is a ${ErrorCodes[problem.code].status}, not a ${status}` });
    if (problem.type !== problemType(problem.code)) issues.push({ path: '/body/type', message: `must be ${problemType(problem.code)}` });
  }
  return issues;
}

/**
 * Checks a response against the contract: a documented status, a content type it lists, a body matching its schema (a
 * problem agreeing with its status and the error table), and required `headers` if given. Text bodies as strings.
 */
export function validateResponse(
  operationId: string,
  status: number,
  contentType: string | null | undefined,
  body: unknown,
  headers?: Record<string, unknown>,
): Issue[] {
  const found = documented(operationId, status);
  if (!found) return [{ path: '/status', message: `${status} is not a documented status of ${operationId}` }];
  const { key, response } = found;
  const issues: Issue[] = [];
  if (headers) {
    const present = new Set(Object.keys(headers).map((h) => h.toLowerCase()));
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      if ((deref(header) as { required?: boolean }).required && !present.has(name.toLowerCase())) {
        issues.push({ path: `/headers/${name.toLowerCase()}`, message: 'is required' });
      }
    }
  }
  const content = response.content ?? {};
  const mediaTypes = Object.keys(content);
  if (mediaTypes.length === 0) {
    if (!isEmpty(body)) issues.push({ path: '/body', message: `must be empty for ${status}` });
    return issues;
  }
  const mediaType = contentType?.split(';')[0].trim().toLowerCase();
  if (!mediaType || !content[mediaType]) {
    return [...issues, { path: '/headers/content-type', message: `must be one of: ${mediaTypes.join(', ')} (got ${mediaType ?? 'none'})` }];
  }
  const validate = bodyValidator(`${operationId} ${key} ${mediaType}`, content[mediaType].schema);
  if (!validate(structuredClone(body))) issues.push(...toIssues(validate.errors, '/body'));
  if (mediaType === 'application/problem+json') issues.push(...problemIssues(status, body));
  return issues;
}
