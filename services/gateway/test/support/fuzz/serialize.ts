import type { Operation } from '@mailplane/contracts';
import type { Draft } from './draft';
import type { FuzzRequest } from './http';

/** Bodies over the gateway's limit in the fuzz platform (BODY_LIMIT_BYTES). */
export const OVERSIZE = 64 * 1024;

function serialize(body: Draft['body']): { contentType?: string; bytes?: Buffer } {
  if (!body || body.value === undefined) return {};
  const fields =
    body.value && typeof body.value === 'object'
      ? Object.entries(body.value).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)])
      : [];
  if (body.mediaType === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams(fields);
    return { contentType: body.mediaType, bytes: Buffer.from(form.toString()) };
  }
  if (body.mediaType === 'multipart/form-data') {
    const parts = fields.map(([k, v]) => `--b\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
    return { contentType: 'multipart/form-data; boundary=b', bytes: Buffer.from(`${parts.join('')}--b--\r\n`) };
  }
  return { contentType: body.mediaType, bytes: Buffer.from(JSON.stringify(body.value)) };
}

/** The request as it goes on the wire. */
export function toRequest(op: Operation, variant: string, d: Draft): FuzzRequest {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => d.params[name]);
  const { contentType, bytes } = d.raw ? { contentType: undefined, bytes: d.raw } : serialize(d.body);
  const headers = { ...(contentType ? { 'content-type': contentType } : {}), ...d.headers };
  const query = d.query.length ? `?${d.query.join('&')}` : '';
  return { operationId: op.operationId, variant, method: op.method.toUpperCase(), path: `${path}${query}`, headers, body: bytes };
}
