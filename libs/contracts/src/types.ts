// The HTTP API's shapes, generated from openapi.yaml (`npm run generate`) and named here; times RFC 3339, money in cents.
// Only re-exports: shape modules import each other directly, never this file, so no cycle forms.
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
