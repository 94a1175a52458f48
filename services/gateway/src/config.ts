import { envReader } from '@mailplane/runtime';

export interface GatewayConfig {
  port: number;
  host: string;
  adminToken: string | undefined;
  rpcTimeoutMs: number;
  bodyLimitBytes: number;
  publicUrl: string | undefined;
}

export function gatewayConfig(env: Record<string, string | undefined>): Readonly<GatewayConfig> {
  const read = envReader(env);
  return Object.freeze({
    port: read.int('PORT', 3000, { min: 0, max: 65535 }),
    host: read.string('HOST', '0.0.0.0'),
    // Without a token the admin surface answers 401 to everyone: it fails closed.
    adminToken: env.ADMIN_TOKEN ? read.secret('ADMIN_TOKEN', 16) : undefined,
    rpcTimeoutMs: read.int('RPC_TIMEOUT_MS', 10_000, { min: 100 }),
    // Attachments are base64 inside JSON: 10 MB of files is about 13.4 MB of body.
    bodyLimitBytes: read.int('BODY_LIMIT_BYTES', 15 * 1024 * 1024, { min: 1024 }),
    publicUrl: read.optionalUrl('PUBLIC_URL', ['http', 'https']),
  });
}
