import { createServer, type RequestListener, type Server } from 'node:http';
import type { GatewayConfig } from '../config';
import { continueAfterChecks } from './before-body';
import { refuseConnect, rejectMalformedRequest } from './client-error';

/** How often Node checks each connection's header and request deadlines: they hold to within about this much. */
const CHECK_EVERY_MS = 1000;

/** Every deadline is set deliberately (slowloris); a connection that sends nothing at all gets the headers' 408. */
export function gatewayServer(config: GatewayConfig, start?: RequestListener): Server {
  const server = createServer({ connectionsCheckingInterval: CHECK_EVERY_MS });
  server.headersTimeout = config.headersTimeoutMs;
  // Node's backstop only: `readBody` answers first, even for the largest body at the slowest pace it allows.
  const slowestBodyMs = config.body.timeoutMs + Math.ceil(config.bodyLimitBytes / config.body.minBytesPerSecond) * 1000;
  server.requestTimeout = config.headersTimeoutMs + slowestBodyMs + CHECK_EVERY_MS;
  server.keepAliveTimeout = config.keepAliveTimeoutMs;
  if (start) server.on('request', start);
  server.on('clientError', rejectMalformedRequest);
  server.on('checkContinue', continueAfterChecks(server));
  server.on('connect', refuseConnect);
  return server;
}
