import type { Response } from 'supertest';
import { validateResponse } from '@mailplane/contracts';

/** Fails the test unless the response (status, content type, body) is one the OpenAPI document allows. */
export function expectContract(res: Response, operationId: string) {
  const contentType = String(res.headers['content-type'] ?? '').split(';')[0] || undefined;
  // JSON and problem+json are checked parsed; anything else (JSON lines included) as text, read by the test's own
  // parser (`body`) or supertest's (`text`).
  const body = contentType && /[/+]json$/.test(contentType) ? res.body : typeof res.body === 'string' ? res.body : res.text;
  const issues = validateResponse(operationId, res.status, contentType, res.status === 204 ? undefined : body);
  if (issues.length > 0) {
    throw new Error(`${operationId} ${res.status} does not match the contract:\n${JSON.stringify(issues, null, 2)}\nbody: ${res.text}`);
  }
}

export function expectProblem(res: Response, status: number, code: string, operationId?: string) {
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
  expect(res.body.status).toBe(status);
  expect(typeof res.body.title).toBe('string');
  expect(res.body.requestId).toBe(res.headers['x-request-id']);
  if (operationId) expectContract(res, operationId);
}
