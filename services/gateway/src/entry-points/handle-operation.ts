import type { Request, Response } from 'express';
import { AppError, validateRequest, type Operation, type RpcRequest } from '@mailplane/contracts';
import type { GatewayConfig } from '../config';
import { authenticate, type Principal } from '../domain/authenticate';
import type { GatewayDeps } from '../domain/deps';
import { parseBody } from './body';
import { forward } from './forward';
import { checkAdmin } from './admin-auth';
import { sendReply } from './send-reply';
import type { LocalHandlers } from './local-handlers';

// Request headers that a service may need; nothing else (cookies, credentials) travels over the broker.
const FORWARDED_HEADERS = ['idempotency-key', 'accept', 'hub-signature', 'user-agent'];

function pickHeaders(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = req.get(name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

async function principalFor(op: Operation, req: Request, deps: GatewayDeps, config: GatewayConfig): Promise<Principal | null> {
  if (op.security === 'admin') {
    checkAdmin(req.get('authorization'), config.adminToken);
    return null;
  }
  if (op.security !== 'bearer') return null;
  const principal = await authenticate(deps, req.get('authorization'));
  if (op.permission === 'full' && principal.permission !== 'full') {
    throw new AppError('restricted_api_key', 'This API key may only send email.');
  }
  return principal;
}

export function handleOperation(op: Operation, deps: GatewayDeps, config: GatewayConfig, local: LocalHandlers) {
  return async (req: Request, res: Response) => {
    const principal = await principalFor(op, req, deps, config);
    const raw = Buffer.isBuffer(req.body) ? req.body : undefined;
    // Raw-body webhooks travel untouched: their owner verifies the signature over the exact bytes.
    const { body, contentType } = op.rawBody
      ? { body: undefined, contentType: req.get('content-type') }
      : await parseBody(op, raw, req.get('content-type'));
    const checked = validateRequest(op.operationId, {
      params: req.params,
      query: req.query as Record<string, unknown>,
      headers: req.headers,
      body,
      contentType,
    });
    if (!checked.ok)
      throw new AppError('validation_failed', 'The request does not match the contract.', { extra: { errors: checked.errors } });
    const request: RpcRequest = {
      operationId: op.operationId,
      requestId: res.locals.requestId,
      tenantId: principal?.tenantId ?? null,
      keyId: principal?.keyId ?? null,
      params: checked.value.params,
      query: checked.value.query,
      body: checked.value.body ?? null,
      headers: pickHeaders(req),
      contentType: contentType ?? null,
      ...(op.rawBody && raw ? { rawBody: raw.toString('base64') } : {}),
    };
    const handler = local[op.operationId];
    const reply =
      op.service === 'gateway'
        ? await (handler ? handler(request) : Promise.reject(new AppError('not_implemented')))
        : await forward(deps.broker, op.service, request, config.rpcTimeoutMs);
    sendReply(res, reply);
  };
}
