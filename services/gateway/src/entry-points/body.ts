import type { Operation } from '@mailplane/contracts';
import { AppError, BODY_SHAPE_LIMITS } from '@mailplane/contracts';
import { checkFieldCount, checkFormShape, checkJsonShape } from './body-shape';

export interface ParsedBody {
  body: unknown;
  contentType: string | undefined;
}

export function mediaType(header: string | undefined): string | undefined {
  return header?.split(';')[0].trim().toLowerCase() || undefined;
}

/** Refuses a body whose media type the operation does not take; an operation that takes no body ignores it. */
export function checkMediaType(op: Operation, raw: Buffer | undefined, contentType: string | undefined): boolean {
  if (!raw || raw.length === 0 || op.requestContentTypes.length === 0) return false;
  if (!contentType || !op.requestContentTypes.includes(contentType)) {
    throw new AppError('unsupported_media_type', `Send one of: ${op.requestContentTypes.join(', ')}`);
  }
  return true;
}

export async function parseBody(op: Operation, raw: Buffer | undefined, contentTypeHeader: string | undefined): Promise<ParsedBody> {
  const contentType = mediaType(contentTypeHeader);
  if (!checkMediaType(op, raw, contentType)) return { body: undefined, contentType };
  const bytes = raw as Buffer;
  const text = bytes.toString('utf8');
  if (contentType === 'application/json' || contentType?.endsWith('+json')) {
    checkJsonShape(text, { ...BODY_SHAPE_LIMITS, maxMembers: op.maxBodyMembers });
    try {
      return { body: JSON.parse(text), contentType };
    } catch {
      throw new AppError('malformed_json', 'The request body is not valid JSON.');
    }
  }
  if (contentType === 'application/x-www-form-urlencoded') {
    checkFormShape(text);
    return { body: Object.fromEntries(new URLSearchParams(text)), contentType };
  }
  if (contentType === 'multipart/form-data') return { body: await formFields(bytes, contentTypeHeader as string), contentType };
  return { body: text, contentType };
}

/** Text fields of a multipart form (files are ignored), parsed by the platform's own fetch implementation. */
async function formFields(raw: Buffer, contentTypeHeader: string): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { 'content-type': contentTypeHeader } }).formData();
  } catch {
    throw new AppError('validation_failed', 'The multipart body could not be parsed.');
  }
  const fields: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of form) {
    checkFieldCount(++count);
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}
