import { BODY_SHAPE_LIMITS } from './limits';
import path from 'node:path';
import { parsedDocument } from './parsed-document';

/** Where the document lives in URI space; relative `$ref`s (`schemas/events.json`) resolve against it. */
export const DOCUMENT_ID = 'https://mailplane.dev/openapi.yaml';
export const DOCUMENT_PATH = path.join(__dirname, '..', 'openapi.yaml');

// The parts of an OpenAPI 3.1 document this package reads; everything else stays `unknown`.
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  security?: Array<Record<string, string[]>>;
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, unknown>;
  [key: string]: unknown;
}

export const document = parsedDocument(DOCUMENT_PATH) as OpenApiDocument;

export type ServiceName = 'gateway' | 'billing' | 'mail' | 'webhooks';
/** The areas whose operations need `<area>.read` or `<area>.write` (`x-permission`). */
export const PERMISSION_AREAS = ['emails', 'domains', 'webhooks', 'suppressions', 'templates', 'api-keys', 'billing', 'members'] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];
/** What a bearer route needs (`x-permission`): `full` (unclassified), `sending`, an area's read or write, or `audit.read`. */
export type PermissionName = 'full' | 'sending' | `${PermissionArea}.${'read' | 'write'}` | 'audit.read';

export const PERMISSION_NAMES: readonly PermissionName[] = [
  'full',
  'sending',
  'audit.read',
  ...PERMISSION_AREAS.flatMap((area) => [`${area}.read` as const, `${area}.write` as const]),
];
const KNOWN_PERMISSIONS: ReadonlySet<string> = new Set(PERMISSION_NAMES);

function permissionOf(op: RawOperation): PermissionName {
  const declared = (op['x-permission'] as string | undefined) ?? 'full';
  if (!KNOWN_PERMISSIONS.has(declared)) throw new Error(`openapi.yaml: ${op.operationId} has an unknown x-permission ${declared}`);
  return declared as PermissionName;
}
/** bearer: API key; public: none; admin: operator token; hub: HMAC signature; none: unsigned webhook; metrics: scrape token (if set). */
export type SecurityKind = 'bearer' | 'public' | 'admin' | 'hub' | 'none' | 'metrics';

/** One method on one path of the contract, with what the gateway needs to route and guard it. */
export interface Operation {
  operationId: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  expressPath: string;
  service: ServiceName;
  /** What a bearer route needs of its caller (a key's permission, a member's role); null on other routes. */
  permission: PermissionName | null;
  security: SecurityKind;
  /** The gateway forwards the raw body bytes untouched (signature verified by the service). */
  rawBody: boolean;
  requestContentTypes: string[];
  maxBodyBytes: number;
  maxBodyMembers: number;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const SCHEME_KINDS: Record<string, SecurityKind> = {
  BearerAuth: 'bearer',
  AdminToken: 'admin',
  HubSignature: 'hub',
  MetricsToken: 'metrics',
};

type RawOperation = Record<string, unknown> & { operationId: string };

/** Resolves a local `$ref` (`#/components/...`) of a non-schema object (parameter, response, request body). */
export function deref<T>(value: T): T {
  const ref = (value as { $ref?: unknown } | null)?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return value;
  const target = ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  if (target === undefined) throw new Error(`openapi.yaml: unresolved $ref ${ref}`);
  return deref(target as T);
}

function securityKind(op: RawOperation, rawBody: boolean): SecurityKind {
  const requirements = (op.security as Array<Record<string, string[]>> | undefined) ?? document.security ?? [];
  if (requirements.length === 0) return rawBody ? 'none' : 'public';
  const kind = SCHEME_KINDS[Object.keys(requirements[0])[0]];
  if (!kind) throw new Error(`openapi.yaml: ${op.operationId} uses an unknown security scheme`);
  return kind;
}

function toOperation(pathTemplate: string, method: Operation['method'], op: RawOperation): Operation {
  const rawBody = op['x-raw-body'] === true;
  const security = securityKind(op, rawBody);
  const body = deref(op.requestBody as { content?: Record<string, unknown> } | undefined);
  return {
    operationId: op.operationId,
    method,
    path: pathTemplate,
    expressPath: pathTemplate.replace(/\{([^}]+)\}/g, ':$1'),
    service: op['x-service'] as ServiceName,
    permission: security === 'bearer' ? permissionOf(op) : null,
    security,
    rawBody,
    requestContentTypes: Object.keys(body?.content ?? {}),
    maxBodyBytes: (op['x-max-body-bytes'] as number | undefined) ?? DEFAULT_MAX_BODY_BYTES,
    maxBodyMembers: (op['x-max-body-members'] as number | undefined) ?? BODY_SHAPE_LIMITS.maxMembers,
  };
}

/** Every operation of the HTTP API, in document order. */
export const operations: readonly Operation[] = Object.entries(document.paths).flatMap(([pathTemplate, item]) =>
  METHODS.filter((m) => item[m]).map((m) => toOperation(pathTemplate, m, item[m] as RawOperation)),
);

const byId = new Map(operations.map((op) => [op.operationId, op]));

export function getOperation(operationId: string): Operation {
  const op = byId.get(operationId);
  if (!op) throw new Error(`unknown operationId ${operationId}`);
  return op;
}

export function rawOperation(operationId: string): RawOperation {
  const op = getOperation(operationId);
  return document.paths[op.path][op.method] as RawOperation;
}
