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
export function parseBody(op: Operation, raw: Buffer | undefined, contentTypeHeader: string | undefined): ParsedBody {
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
  return { body: text, contentType };
}
