// The `@mailplane/sdk` package: the client, its errors, webhook verification and the API's types.
export { Mailplane } from './client';
export type { ClientOptions, RequestOptions } from './transport';
export { MailplaneError, MailplaneNetworkError } from './errors';
export { verifyWebhook, WebhookVerificationError, type VerifyOptions } from './webhooks';
export { OPERATIONS, WEBHOOK_OPERATIONS, type Route } from './operations';
export type { RetryPolicy } from './retry';
export type * from './types';
