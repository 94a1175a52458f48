import type { ApiKey, CreatedApiKey } from '@mailplane/sdk';
import { html, confirmedActionForm, csrfField, pill, table, when } from '../html';
import { smtpSettingsCard, type SmtpSettings } from './smtp-settings';

export function apiKeysBody(base: string, keys: ApiKey[], csrf: string, smtp: SmtpSettings | null, created?: CreatedApiKey) {
  return html`<h1>API keys</h1>
    ${
      created
        ? html`<div class="card created" role="alert">
            <p><strong>${created.name}</strong> was created. Copy its key now: it is shown this once.</p>
            <p><code id="new-key">${created.key}</code> <button type="button" data-copy="new-key">Copy</button></p>
          </div>`
        : ''
    }
    ${smtpSettingsCard(smtp)}
    <form method="post" action="${base}/api-keys" class="stack">
      ${csrfField(csrf)}
      <label for="name">Name</label><input id="name" name="name" required maxlength="100" />
      <label for="permission">Permission</label>
      <select id="permission" name="permission">
        <option value="full">full: every operation</option>
        <option value="sending">sending: send only</option>
      </select>
      <label for="domain">Sending domain (optional: sends from this domain only)</label>
      <input id="domain" name="domain" maxlength="253" autocomplete="off" spellcheck="false" />
      <button type="submit">Create key</button>
    </form>
    ${table(
      [
        { header: 'Name', cell: (k) => k.name },
        { header: 'Key starts', cell: (k) => html`<code>${k.prefix}…</code>` },
        { header: 'Permission', cell: (k) => pill(k.permission === 'full' ? 'full' : 'sending', k.permission) },
        { header: 'Sends from', cell: (k) => k.domain ?? 'any domain' },
        { header: 'Created', cell: (k) => when(k.createdAt) },
        { header: 'Last used', cell: (k) => when(k.lastUsedAt, 'never') },
        {
          header: 'Revoke',
          hiddenHeader: true,
          cell: (k) =>
            confirmedActionForm({
              action: `${base}/api-keys/${k.id}/revoke`,
              csrf,
              confirm: `Confirm revoking ${k.name}`,
              button: 'Revoke',
              buttonLabel: `Revoke ${k.name}`,
            }),
        },
      ],
      keys,
      {
        caption: 'API keys',
        captionHidden: true,
        empty: html`<p><strong>No API key.</strong></p>
          <p>Create one above to send from your code or over SMTP.</p>`,
      },
    )}`;
}
