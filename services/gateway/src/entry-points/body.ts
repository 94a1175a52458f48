import type { Operation } from '@mailplane/contracts';
import { AppError } from '@mailplane/contracts';

export interface ParsedBody {
  body: unknown;
  contentType: string | undefined;
}

function mediaType(header: string | undefined): string | undefined {
  return header?.split(';')[0].trim().toLowerCase() || undefined;
}

/** Turns the raw bytes into a value by media type; the contract decides afterwards whether it is acceptable. */
export async function parseBody(op: Operation, raw: Buffer | undefined, contentTypeHeader: string | undefined): Promise<ParsedBody> {
  const contentType = mediaType(contentTypeHeader);
  if (!raw || raw.length === 0) return { body: undefined, contentType };
  if (op.requestContentTypes.length === 0) return { body: undefined, contentType };
  if (!contentType || !op.requestContentTypes.includes(contentType)) {
    throw new AppError('unsupported_media_type', `Send one of: ${op.requestContentTypes.join(', ')}`);
  }
  const text = raw.toString('utf8');
  if (contentType === 'application/json' || contentType.endsWith('+json')) {
    try {
      return { body: JSON.parse(text), contentType };
    } catch {
      throw new AppError('malformed_json', 'The request body is not valid JSON.');
    }
  }
  if (contentType === 'application/x-www-form-urlencoded') {
    return { body: Object.fromEntries(new URLSearchParams(text)), contentType };
  }
  if (contentType === 'multipart/form-data') return { body: await formFields(raw, contentTypeHeader as string), contentType };
  return { body: text, contentType };
}

/** Text fields of a multipart form (files are ignored), parsed by the platform's own fetch implementation. */
async function formFields(raw: Buffer, contentTypeHeader: string): Promise<Record<string, string>> {
  try {
    const form = await new Response(raw, { headers: { 'content-type': contentTypeHeader } }).formData();
    const fields: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === 'string') fields[name] = value;
    return fields;
  } catch {
    throw new AppError('validation_failed', 'The multipart body could not be parsed.');
  }
}
