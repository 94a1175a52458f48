import path from 'node:path';
import { envReader } from '@mailplane/runtime';
import { gatewayConfig, type GatewayConfig } from '@mailplane/gateway';

export type Env = Record<string, string | undefined>;

export interface PlatformConfig {
  dataDir: string;
  amqpUrl: string | undefined;
  mongodbUrl: string | undefined;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  gateway: GatewayConfig;
  env: Env;
}

/** The only place the process environment is read; everything below receives this frozen object. */
export function loadPlatformConfig(env: Env = process.env): Readonly<PlatformConfig> {
  const read = envReader(env);
  return Object.freeze({
    dataDir: path.resolve(read.string('DATA_DIR', './data')),
    amqpUrl: read.optionalUrl('AMQP_URL', ['amqp', 'amqps']),
    mongodbUrl: read.optionalUrl('MONGODB_URL', ['mongodb', 'mongodb+srv']),
    logLevel: read.oneOf('LOG_LEVEL', ['debug', 'info', 'warn', 'error', 'silent'] as const, 'info'),
    gateway: gatewayConfig(env),
    env,
  });
}
