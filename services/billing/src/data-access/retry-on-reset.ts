import { isAxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';

type Retried = InternalAxiosRequestConfig & { resent?: boolean };

// The socket died under the request before any answer: reset by the peer, or written to after it closed.
const RESET = new Set(['ECONNRESET', 'EPIPE']);

/**
 * A kept-alive socket that the server closes just as it is reused fails with ECONNRESET before any answer;
 * such a request is sent once more on a fresh socket. Every call of the hub and provider clients is safe to
 * repeat: GETs, PUTs and DELETEs, and POSTs that carry an Idempotency-Key or replace the hub's record.
 */
export function retryOnReset(client: AxiosInstance): void {
  client.interceptors.response.use(undefined, (err: unknown) => {
    const config = isAxiosError(err) ? (err.config as Retried | undefined) : undefined;
    if (!isAxiosError(err) || err.response || !RESET.has(err.code ?? '') || !config || config.resent) return Promise.reject(err);
    config.resent = true;
    return client.request(config);
  });
}
