import { csrfField, html, type Html } from '../html';

export interface Chrome {
  title: string;
  /** The signed-in session's CSRF token, for the sign-out form; absent on public pages. */
  csrf?: string;
  current?:
    | 'overview'
    | 'reputation'
    | 'emails'
    | 'inbound'
    | 'templates'
    | 'identities'
    | 'api-keys'
    | 'webhooks'
    | 'suppressions'
    | 'billing'
    | 'team'
    | 'audit-log';
  /** Pages with charts load the chart library. */
  charts?: boolean;
  notice?: string | null;
}

const NAV = [
  { id: 'overview', href: 'overview', label: 'Overview' },
  { id: 'reputation', href: 'reputation', label: 'Reputation' },
  { id: 'emails', href: 'emails', label: 'Emails' },
  { id: 'inbound', href: 'inbound', label: 'Inbound' },
  { id: 'templates', href: 'templates', label: 'Templates' },
  { id: 'identities', href: 'identities', label: 'Identities' },
  { id: 'webhooks', href: 'webhooks', label: 'Webhooks' },
  { id: 'suppressions', href: 'suppressions', label: 'Suppressions' },
  { id: 'api-keys', href: 'api-keys', label: 'API keys' },
  { id: 'billing', href: 'billing', label: 'Billing' },
  { id: 'team', href: 'team', label: 'Team' },
  { id: 'audit-log', href: 'audit-log', label: 'Audit log' },
] as const;

/** Every page: landmarks, a skip link, the navigation of a signed-in tenant, a live region for notices. */
export function layout(base: string, chrome: Chrome, body: Html): Html {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${chrome.title} · Mailplane</title>
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href="${base}/assets/dashboard.css" />
        ${
          chrome.charts
            ? html`<link rel="stylesheet" href="${base}/vendor/uplot/uPlot.min.css" />
                <script src="${base}/vendor/uplot/uPlot.iife.min.js" defer></script>`
            : ''
        }
        <script src="${base}/assets/dashboard.js" defer></script>
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        <header class="top">
          <a class="brand" href="${base}/">Mailplane</a>
          ${
            chrome.csrf
              ? html`<nav aria-label="Main">
                    <ul>
                      ${NAV.map(
                        (n) =>
                          html`<li>
                            <a href="${base}/${n.href}" ${chrome.current === n.id ? html` aria-current="page"` : ''}>${n.label}</a>
                          </li>`,
                      )}
                    </ul>
                  </nav>
                  <form method="post" action="${base}/sign-out" class="inline">
                    ${csrfField(chrome.csrf)}<button type="submit">Sign out</button>
                  </form>`
              : ''
          }
        </header>
        <main id="main" tabindex="-1">
          <div role="status" aria-live="polite" class="notice">${chrome.notice ?? ''}</div>
          ${body}
        </main>
      </body>
    </html>`;
}

/** A problem from the API as the tenant should read it: its title and its detail. */
export function problemBox(problem: { title: string; detail?: string; status?: number }): Html {
  return html`<div class="problem" role="alert">
    <strong>${problem.title}</strong>${problem.detail ? html`<p>${problem.detail}</p>` : ''}
  </div>`;
}
