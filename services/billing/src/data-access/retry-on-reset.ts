import { isAxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';

type Retried = InternalAxiosRequestConfig & { resent?: boolean };

// The socket died under the request before any answer: reset by the peer, or written to after it closed.
const RESET = new Set(['ECONNRESET', 'EPIPE']);

/** A kept-alive socket the server closed as it was reused: sent once more (every hub and provider call is safe to repeat). */
export function retryOnReset(client: AxiosInstance): void {
  client.interceptors.response.use(undefined, (err: unknown) => {
    const config = isAxiosError(err) ? (err.config as Retried | undefined) : undefined;
    if (!isAxiosError(err) || err.response || !RESET.has(err.code ?? '') || !config || config.resent) return Promise.reject(err);
    config.resent = true;
    return client.request(config);
  });
}
