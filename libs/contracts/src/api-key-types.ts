import type { Schemas } from './schemas';

export type Permission = Schemas['Permission'];
export type CreateApiKeyRequest = Schemas['CreateApiKeyRequest'];
/** An API key without its secret. */
export type ApiKey = Schemas['ApiKey'];
/** Returned once, at creation: `key` is the full token. */
export type CreatedApiKey = Schemas['CreatedApiKey'];
/** The caller of a request (GET /me). */
export type Me = Schemas['Me'];
