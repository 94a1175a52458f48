import fs from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { isBase64 } from './base64';
import { DOCUMENT_ID, document } from './openapi';

const SCHEMA_DIR = path.join(__dirname, '..', 'schemas');
export const SCHEMA_FILES = ['envelope.json', 'rpc-request.json', 'rpc-reply.json', 'events.json', 'work-items.json'];

/** The platform's one ajv: the document's components and the broker schemas, each schema compiled once. */
export const ajv = new Ajv2020({ allErrors: true, useDefaults: true, allowUnionTypes: true, strict: true, strictRequired: false });
addFormats(ajv);
// OpenAPI's `format: byte` (base64), checked in one linear pass: attachments run to megabytes.
ajv.addFormat('byte', { type: 'string', validate: isBase64 });
// OpenAPI keywords that carry no validation; `components` lets the document root itself be a schema.
ajv.addVocabulary(['components', 'example', 'discriminator', 'xml', 'externalDocs']);

for (const file of SCHEMA_FILES) {
  ajv.addSchema(JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, file), 'utf8')));
}
// Only the components are registered: `#/components/...` pointers resolve against DOCUMENT_ID.
ajv.addSchema({ $id: DOCUMENT_ID, components: forAjv(document.components) } as object);

/** `$ref`s made absolute; a string's `pattern` runs only once its `maxLength` holds (megabyte regexes exhaust the stack). */
export function forAjv<T>(schema: T, base: string = DOCUMENT_ID): T {
  if (Array.isArray(schema)) return schema.map((s) => forAjv(s, base)) as T;
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] = key === '$ref' && typeof value === 'string' ? new URL(value, base).href : forAjv(value, base);
  }
  if (typeof out.pattern === 'string' && typeof out.maxLength === 'number') {
    const { pattern, ...rest } = out;
    const guarded = { if: { maxLength: out.maxLength }, then: { pattern } };
    return { ...rest, allOf: [...((rest.allOf as unknown[]) ?? []), guarded] } as T;
  }
  return out as T;
}

const componentValidators = new Map<string, ValidateFunction>();

export function componentValidator(name: string): ValidateFunction {
  let validate = componentValidators.get(name);
  if (!validate) {
    if (!(document.components.schemas as Record<string, unknown>)[name]) throw new Error(`no schema ${name} in openapi.yaml`);
    validate = ajv.compile({ $ref: `${DOCUMENT_ID}#/components/schemas/${name}` });
    componentValidators.set(name, validate);
  }
  return validate;
}

import { toIssues, type Issue } from './issues';

export type { Issue };

export function validateSchema(name: string, value: unknown): Issue[] {
  const validate = componentValidator(name);
  return validate(value) ? [] : toIssues(validate.errors);
}
