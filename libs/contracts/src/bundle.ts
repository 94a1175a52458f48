import fs from 'node:fs';
import path from 'node:path';
import type YAMLModule from 'yaml';
import { document, type OpenApiDocument } from './openapi';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- on first use, not at start (docs/decisions/toolchain.md)
const yaml = (): typeof YAMLModule => require('yaml');

const EVENTS_FILE = 'schemas/events.json';
/** Where the event payload schemas land in the bundled document: `EventData.EmailSent`. */
const EVENT_PREFIX = 'EventData.';

type Json = unknown;

// The document points into schemas/events.json; a reader outside the repository cannot follow that.
function rewriteRefs(node: Json, rewrite: (ref: string) => string): Json {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, rewrite));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' ? rewrite(value) : rewriteRefs(value, rewrite),
    ]),
  );
}

function eventSchemas(): Record<string, Json> {
  const file = JSON.parse(fs.readFileSync(path.join(__dirname, '..', EVENTS_FILE), 'utf8')) as { $defs: Record<string, Json> };
  const local = (ref: string) => ref.replace(/^#\/\$defs\//, `#/components/schemas/${EVENT_PREFIX}`);
  return Object.fromEntries(Object.entries(file.$defs).map(([name, schema]) => [`${EVENT_PREFIX}${name}`, rewriteRefs(schema, local)]));
}

/** The contract as published: one self-contained document whose `servers` names the instance serving it. */
export function bundledDocument(serverUrl: string): OpenApiDocument {
  const external = `${EVENTS_FILE}#/$defs/`;
  const inside = rewriteRefs(document, (ref) =>
    ref.startsWith(external) ? `#/components/schemas/${EVENT_PREFIX}${ref.slice(external.length)}` : ref,
  );
  const bundled = inside as OpenApiDocument;
  return {
    ...bundled,
    servers: [{ url: serverUrl, description: 'This instance' }],
    components: { ...bundled.components, schemas: { ...bundled.components.schemas, ...eventSchemas() } },
  };
}

export function toYaml(doc: OpenApiDocument): string {
  return yaml().stringify(doc, { lineWidth: 0 });
}
