export * from './envelope';
export * from './errors';
export * from './events';
export * from './queues';
export * from './limits';
export * from './event-listeners';
export {
  DOCUMENT_ID,
  DOCUMENT_PATH,
  document,
  operations,
  getOperation,
  rawOperation,
  deref,
  type Operation,
  type OpenApiDocument,
  type ServiceName,
  PERMISSION_AREAS,
  PERMISSION_NAMES,
  type PermissionArea,
  type PermissionName,
  type SecurityKind,
} from './openapi';
export { validateRequest, validateResponse, type RequestParts, type RequestValidation } from './validation';
export { validateSchema } from './ajv';
export { bundledDocument, toYaml } from './bundle';
export type { Issue } from './issues';
export * from './messages';
export * from './types';
export type {
  BillingOperations,
  GatewayOperations,
  MailOperations,
  RawBodyOperationId,
  WebhooksOperations,
} from './generated/service-operations';
