import path from 'node:path';
import { envReader } from '@mailplane/runtime';

export type Env = Record<string, string | undefined>;

export interface PlatformConfig {
  dataDir: string;
  amqpUrl: string | undefined;
  mongodbUrl: string | undefined;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Where the embedded sandbox's mail page listens (0: any free port). */
  sandboxPort: number;
  /** Each service parses its own variables from this at start-up. */
  env: Env;
}

/** The only place the process environment is read; everything below receives this frozen object. */
export function loadPlatformConfig(env: Env = process.env): Readonly<PlatformConfig> {
  const read = envReader(env);
  const port = read.int('PORT', 3000, { min: 0, max: 65535 });
  return Object.freeze({
    dataDir: path.resolve(read.string('DATA_DIR', './data')),
    amqpUrl: read.optionalUrl('AMQP_URL', ['amqp', 'amqps']),
    mongodbUrl: read.optionalUrl('MONGODB_URL', ['mongodb', 'mongodb+srv']),
    logLevel: read.oneOf('LOG_LEVEL', ['debug', 'info', 'warn', 'error', 'silent'] as const, 'info'),
    sandboxPort: read.int('SANDBOX_PORT', port === 0 ? 0 : port + 1, { min: 0, max: 65535 }),
    env: Object.freeze({ ...env }),
  });
}
