import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxDns } from './dns-server';
import { readBody } from './sandbox-http';
import { escape } from '@mailplane/html';
import { page, send } from './smtp-sink-page';

interface DnsRecord {
  purpose: string;
  type?: string;
  name: string;
  value: string;
}
interface Identity {
  id: string;
  domain: string;
  status: string;
  dnsRecords: DnsRecord[];
}

/** What the page needs: where the platform's public API is, and the zone it publishes into. */
export interface DnsPublishOptions {
  apiUrl: () => string | undefined;
  dns: Pick<SandboxDns, 'setTxt' | 'setCname' | 'setMx'>;
}

class ApiRefusal extends Error {}

/**
 * The sandbox DNS's control page: the operator of a domain publishes its records. Like any outside tool it
 * knows the platform only through the public API, with the API key the user pastes (it reads no store):
 * it lists the key's identities with their records, and a button per identity publishes them.
 */
export function dnsPublishHandler(options: DnsPublishOptions) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/dns') return send(res, 200, keyForm());
    if (req.method !== 'POST' || (path !== '/dns' && path !== '/dns/publish')) return send(res, 405, page('Method not allowed', ''));
    const form = new URLSearchParams(await readBody(req));
    const key = form.get('key')?.trim() ?? '';
    const api = options.apiUrl();
    if (!api) return send(res, 503, page('Not ready', '<p>The platform is not started yet.</p>'));
    try {
      let notice = '';
      if (path === '/dns/publish') {
        const identity = await call<Identity>(api, key, `/identities/${encodeURIComponent(form.get('identity') ?? '')}`);
        publish(options.dns, identity.dnsRecords);
        notice =
          `<p role="status">Published the records of ${escape(identity.domain)}. Now verify it:</p>` +
          `<pre>curl -X POST ${escape(api)}/identities/${escape(identity.id)}/verify -H "Authorization: Bearer $MAILPLANE_API_KEY"</pre>`;
      }
      const identities = await call<{ data: Identity[] }>(api, key, '/identities?limit=100');
      send(res, 200, identityList(identities.data, key, notice));
    } catch (error) {
      if (!(error instanceof ApiRefusal)) throw error;
      send(res, 400, keyForm(`<p role="alert">${escape(error.message)}</p>`));
    }
  };
}

async function call<T>(api: string, key: string, path: string): Promise<T> {
  const res = await fetch(`${api}${path}`, { headers: { authorization: `Bearer ${key}` } });
  const body = (await res.json()) as T & { detail?: string };
  if (!res.ok) throw new ApiRefusal(`The API answered ${res.status}: ${body.detail ?? 'refused'}`);
  return body;
}

/** Each name gets exactly the records the platform asks for, as a domain's operator would publish them. */
export function publish(dns: Pick<SandboxDns, 'setTxt' | 'setCname' | 'setMx'>, records: DnsRecord[]) {
  const byName = new Map<string, string[]>();
  for (const record of records.filter((r) => r.type === 'CNAME')) dns.setCname(record.name, record.value);
  for (const record of records.filter((r) => r.type === 'TXT' || r.type === undefined))
    byName.set(record.name, [...(byName.get(record.name) ?? []), record.value]);
  for (const [name, values] of byName) dns.setTxt(name, values);
  for (const record of records.filter((r) => r.type === 'MX')) dns.setMx(record.name, [record.value]);
}

function keyForm(notice = ''): string {
  return page(
    'Publish DNS records',
    `<p><a href="/">Mailbox</a></p>${notice}<p>Paste an API key: the page lists that tenant's identities through the public API.</p>` +
      '<form method="post" action="/dns"><label>API key <input name="key" type="password" autocomplete="off" required></label> <button>List identities</button></form>',
  );
}

function identityList(identities: Identity[], key: string, notice: string): string {
  const hiddenKey = `<input type="hidden" name="key" value="${escape(key)}">`;
  const rows = identities.map(
    (identity) =>
      `<h2>${escape(identity.domain)} <small>${escape(identity.status)}</small></h2><table><tr><th>Purpose</th><th>Name</th><th>Type</th><th>Value</th></tr>` +
      identity.dnsRecords
        .map(
          (r) =>
            `<tr><td>${escape(r.purpose)}</td><td>${escape(r.name)}</td><td>${escape(r.type ?? 'TXT')}</td><td><code>${escape(r.value)}</code></td></tr>`,
        )
        .join('') +
      `</table><form method="post" action="/dns/publish">${hiddenKey}<input type="hidden" name="identity" value="${escape(identity.id)}">` +
      `<button>Publish records of ${escape(identity.domain)}</button></form>`,
  );
  return page('Publish DNS records', `<p><a href="/">Mailbox</a></p>${notice}${rows.join('') || '<p>This key has no identities yet.</p>'}`);
}
