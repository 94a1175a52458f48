import { envReader } from '@mailplane/runtime';

/** `npm run webhook-receiver`'s settings, the only reading of its environment. */
export function webhookReceiverConfig(env: NodeJS.ProcessEnv = process.env): { port: number; host: string; secret: string | undefined } {
  const read = envReader(env);
  return {
    port: read.int('WEBHOOK_RECEIVER_PORT', 8080, { min: 0, max: 65_535 }),
    host: read.string('WEBHOOK_RECEIVER_HOST', '127.0.0.1'),
    secret: read.optional('MAILPLANE_WEBHOOK_SECRET'),
  };
}
