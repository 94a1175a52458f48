import { Mailplane, type ClientOptions } from '../../src';
import type { TestPlatform } from '../../../test/support/platform';

/** One request the SDK made, with when it left and what came back (status 0: no answer). */
export interface Exchange {
  method: string;
  url: string;
  headers: Record<string, string>;
  sentAt: number;
  status: number;
  answeredAt: number;
  retryAfter: string | null;
}

/**
 * The global fetch, recording every exchange. `loseAnswer` stands in for the network losing the answer after the
 * server acted on the request (a reset connection): the request is really sent, then the call fails as undici would.
 */
export function recordingFetch(options: { loseAnswer?: (exchange: Exchange) => boolean } = {}) {
  const exchanges: Exchange[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const exchange: Exchange = {
      method: init?.method ?? 'GET',
      url: String(input),
      headers: { ...(init?.headers as Record<string, string>) },
      sentAt: Date.now(),
      status: 0,
      answeredAt: 0,
      retryAfter: null,
    };
    exchanges.push(exchange);
    const response = await globalThis.fetch(input, init);
    Object.assign(exchange, { status: response.status, answeredAt: Date.now(), retryAfter: response.headers.get('retry-after') });
    if (options.loseAnswer?.(exchange)) {
      await response.body?.cancel();
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) });
    }
    return response;
  };
  return { fetch, exchanges };
}

/** An SDK client of `platform` for `apiKey`. */
export const sdkFor = (platform: TestPlatform, apiKey: string, options: Partial<ClientOptions> = {}) =>
  new Mailplane({ apiKey, baseUrl: platform.url, ...options });
