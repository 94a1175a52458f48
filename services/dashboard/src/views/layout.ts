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
  {
    group: 'Sending',
    links: [
      { id: 'overview', label: 'Overview' },
      { id: 'emails', label: 'Emails' },
      { id: 'templates', label: 'Templates' },
      { id: 'suppressions', label: 'Suppressions' },
    ],
  },
  {
    group: 'Domains',
    links: [
      { id: 'identities', label: 'Identities' },
      { id: 'inbound', label: 'Inbound' },
    ],
  },
  {
    group: 'Developers',
    links: [
      { id: 'api-keys', label: 'API keys' },
      { id: 'webhooks', label: 'Webhooks' },
    ],
  },
  {
    group: 'Account',
    links: [
      { id: 'team', label: 'Team' },
      { id: 'audit-log', label: 'Audit log' },
      { id: 'billing', label: 'Billing' },
      { id: 'reputation', label: 'Reputation' },
    ],
  },
] as const;

// A sidebar on wide screens; on narrow ones a top bar whose menu opens (a details element: no script).
const navigation = (base: string, chrome: Chrome & { csrf: string }) =>
  html`<nav aria-label="Main">
    <details class="menu">
      <summary>Menu</summary>
      <div class="menu-body">
        ${NAV.map(
          (g) =>
            html`<div class="nav-group">
              <p class="nav-title">${g.group}</p>
              <ul>
                ${g.links.map(
                  (n) =>
                    html`<li>
                      <a href="${base}/${n.id}" ${chrome.current === n.id ? html` aria-current="page"` : ''}>${n.label}</a>
                    </li>`,
                )}
              </ul>
            </div>`,
        )}
        <form method="post" action="${base}/sign-out" class="sign-out">
          ${csrfField(chrome.csrf)}<button type="submit" class="secondary">Sign out</button>
        </form>
      </div>
    </details>
  </nav>`;

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
        <div class="shell${chrome.csrf ? ' signed-in' : ''}">
          <header class="side">
            <div class="side-top"><a class="brand" href="${base}/">Mailplane</a></div>
            ${chrome.csrf ? navigation(base, { ...chrome, csrf: chrome.csrf }) : ''}
          </header>
          <main id="main" tabindex="-1">
            <div role="status" aria-live="polite" class="notice">${chrome.notice ?? ''}</div>
            ${body}
          </main>
        </div>
      </body>
    </html>`;
}

/** A problem from the API as the tenant should read it: its title and its detail. */
export function problemBox(problem: { title: string; detail?: string; status?: number }): Html {
  return html`<div class="problem" role="alert">
    <strong>${problem.title}</strong>${problem.detail ? html`<p>${problem.detail}</p>` : ''}
  </div>`;
}
