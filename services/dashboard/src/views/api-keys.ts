import type { ApiKey, CreatedApiKey } from '../../../../sdk/src';
import { html, confirmedActionForm, csrfField, when } from '../html';
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
    <div class="table-wrap">
      <table>
        <caption class="visually-hidden">
          API keys
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Key starts</th>
            <th scope="col">Permission</th>
            <th scope="col">Sends from</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col"><span class="visually-hidden">Revoke</span></th>
          </tr>
        </thead>
        <tbody>
          ${keys.map(
            (k) =>
              html`<tr>
                <td>${k.name}</td>
                <td><code>${k.prefix}…</code></td>
                <td>${k.permission}</td>
                <td>${k.domain ?? 'any domain'}</td>
                <td>${when(k.createdAt)}</td>
                <td>${when(k.lastUsedAt, 'never')}</td>
                <td>
                  ${confirmedActionForm({
                    action: `${base}/api-keys/${k.id}/revoke`,
                    csrf,
                    confirm: `Confirm revoking ${k.name}`,
                    button: 'Revoke',
                    buttonLabel: `Revoke ${k.name}`,
                  })}
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
}
