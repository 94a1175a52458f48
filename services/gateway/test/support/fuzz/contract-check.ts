import { validateResponse } from '@mailplane/contracts';
import type { FuzzRequest, FuzzResponse } from './http';

// Answers that belong to no operation: the router's (no such path or method) and the HTTP parser's, given
// before the request line and headers are read (too large headers, too slow a client).
const ROUTE_LEVEL = new Set(['route_not_found', 'method_not_allowed']);
const PARSER_LEVEL = new Set(['headers_too_large', 'request_timeout']);

function parsed(res: FuzzResponse): { mediaType: string | undefined; body: unknown } {
  const mediaType = String(res.headers['content-type'] ?? '').split(';')[0] || undefined;
  if (!mediaType?.includes('json')) return { mediaType, body: res.text };
  try {
    return { mediaType, body: JSON.parse(res.text) };
  } catch {
    return { mediaType, body: res.text };
  }
}

/**
 * Everything wrong with an answer, by the rules of the OpenAPI document: never a 5xx, always a status the
 * operation declares with a body valid against it, always `X-Request-Id`, and on every problem the same id
 * as `requestId`. Empty when the answer is right.
 */
export function contractViolations(req: FuzzRequest, res: FuzzResponse): string[] {
  const problems: string[] = [];
  const requestId = res.headers['x-request-id'];
  if (res.status >= 500) problems.push(`server error ${res.status}: ${res.text.slice(0, 300)}`);
  if (!requestId) problems.push('no X-Request-Id header');
  const { mediaType, body } = parsed(res);
  const problem = mediaType === 'application/problem+json' ? (body as { code?: string; requestId?: string }) : undefined;
  if (problem && problem.requestId !== requestId) problems.push(`requestId ${problem.requestId} differs from X-Request-Id ${requestId}`);
  if (problem?.code && PARSER_LEVEL.has(problem.code)) return problems;
  if (problem?.code && ROUTE_LEVEL.has(problem.code) && req.variant.startsWith('route')) return problems;
  const issues = validateResponse(req.operationId, res.status, mediaType, res.status === 204 ? undefined : body, res.headers);
  for (const issue of issues) problems.push(`${issue.path} ${issue.message}`);
  if (issues.length > 0) problems.push(`answered ${res.status} ${mediaType}: ${res.text.slice(0, 300)}`);
  return problems;
}
