import type { Request } from 'express';
import { clientHopHeaders } from '@mailplane/edge';
import { Mailplane } from '@mailplane/sdk';

/** The browser a page is served to, as the gateway should see it: its address (per TRUSTED_PROXIES) and user agent. */
export interface Browser {
  address: string | undefined;
  userAgent: string | undefined;
}

export const browserOf = (req: Request): Browser => ({ address: req.ip, userAgent: req.get('user-agent') });

/**
 * The API clients of the dashboard: every call made for a browser carries that browser to the gateway as the trusted
 * hop (its address proven with DASHBOARD_HOP_SECRET, its user agent), so the gateway's throttles and shares count the
 * real client and its audit records name it, never the dashboard (docs/decisions/real-client-limits.md).
 */
export function apiClients(apiUrl: string, hopSecret: string | undefined) {
  return (apiKey: string, browser: Browser) =>
    new Mailplane({ apiKey, baseUrl: apiUrl, maxRetries: 0, fetch: forBrowser(hopSecret, browser) });
}
export type ApiClients = ReturnType<typeof apiClients>;

function forBrowser(hopSecret: string | undefined, browser: Browser): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    if (browser.userAgent) headers.set('user-agent', browser.userAgent);
    if (hopSecret && browser.address)
      for (const [name, value] of Object.entries(clientHopHeaders(hopSecret, browser.address))) headers.set(name, value);
    return fetch(input, { ...init, headers });
  };
}
