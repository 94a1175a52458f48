// TypeScript shapes of the HTTP API, generated from openapi.yaml by `npm run generate` (src/generated/openapi.d.ts) and
// named here. Times are RFC 3339 strings, money integer cents.
// Only re-exports: the shape modules import each other directly, never this file, so no cycle forms.
export type { Schemas } from './schemas';
export * from './response-types';
export * from './api-key-types';
export * from './audit-types';
export * from './member-types';
export * from './email-types';
export * from './billing-types';
export * from './resource-types';
export * from './inbound-types';
export * from './template-types';
