// API key shapes of the HTTP API, kept equal to openapi.yaml (test/types.test.ts).

export type Permission = 'full' | 'sending';

export interface CreateApiKeyRequest {
  name: string;
  permission?: Permission;
}

/** An API key without its secret. */
export interface ApiKey {
  id: string;
  name: string;
  permission: Permission;
  /** First 12 characters of the token; safe to show. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Returned once, at creation: `key` is the full token. */
export interface CreatedApiKey extends ApiKey {
  key: string;
}
