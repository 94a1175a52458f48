import type { Request } from 'express';
import { AppError, validateRequest, type Operation, type RequestActor, type RpcRequest } from '@mailplane/contracts';
import { OPERATOR } from '../domain/audit';
import type { Principal } from '../domain/authenticate';
import { checkMediaType, mediaType, parseBody } from './body';

// Request headers that a service may need; nothing else (cookies, credentials) travels over the broker.
const FORWARDED_HEADERS = ['idempotency-key', 'accept', 'hub-signature', 'user-agent'];

function pickHeaders(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = req.get(name);
    if (value !== undefined) out[name] = value;
  }
  // The host name asked for (X-Forwarded-Host from a trusted proxy), without a port: tracked links are bound to it.
  if (req.hostname) out.host = req.hostname;
  return out;
}

function actorOf(op: Operation, req: Request, principal: Principal | null, client: string | undefined): RequestActor | null {
  const seen = { ip: client ?? null, userAgent: req.get('user-agent') ?? null };
  if (principal) return { type: principal.type, id: principal.id, name: principal.name, ...seen };
  return op.security === 'admin' ? { ...OPERATOR, ...seen } : null;
}

export async function toRpcRequest(
  op: Operation,
  req: Request,
  requestId: string,
  principal: Principal | null,
  client: string | undefined,
): Promise<RpcRequest> {
  const raw = Buffer.isBuffer(req.body) ? req.body : undefined;
  // Raw-body webhooks travel untouched (their owner verifies the signature over the exact bytes), but only
  // in a media type the operation declares.
  if (op.rawBody) checkMediaType(op, raw, mediaType(req.get('content-type')));
  const { body, contentType } = op.rawBody
    ? { body: undefined, contentType: req.get('content-type') }
    : await parseBody(op, raw, req.get('content-type'));
  const checked = validateRequest(op.operationId, {
    params: req.params,
    query: req.query,
    headers: req.headers,
    body,
    contentType,
  });
  if (!checked.ok)
    throw new AppError('validation_failed', 'The request does not match the contract.', { extra: { errors: checked.errors } });
  return {
    operationId: op.operationId,
    requestId,
    tenantId: principal?.tenantId ?? null,
    keyId: principal?.type === 'key' ? principal.id : null,
    sessionId: principal?.type === 'member' ? principal.sessionId : null,
    keyDomain: principal?.type === 'key' ? principal.domain : null,
    clientAddress: client ?? null,
    actor: actorOf(op, req, principal, client),
    params: checked.value.params,
    query: checked.value.query,
    body: checked.value.body ?? null,
    headers: pickHeaders(req),
    contentType: contentType ?? null,
    ...(op.rawBody && raw ? { rawBody: raw.toString('base64') } : {}),
  };
}
