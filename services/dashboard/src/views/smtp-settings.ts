import { html } from '../html';

/** Where applications reach SMTP submission, as the dashboard's operator configured it (the public host and ports). */
export interface SmtpSettings {
  host: string;
  /** STARTTLS. */
  port: number;
  /** Implicit TLS. */
  tlsPort: number;
}

const copyable = (id: string, value: string | number) =>
  html`<code id="${id}">${value}</code> <button type="button" data-copy="${id}">Copy</button>`;

/** The settings an application that sends over SMTP needs, to copy; none when the dashboard was not told them. */
export function smtpSettingsCard(smtp: SmtpSettings | null) {
  if (!smtp) return '';
  return html`<section class="card" aria-labelledby="smtp-settings">
    <h2 id="smtp-settings">SMTP settings</h2>
    <p>For applications that send over SMTP: the same checks, limits, events and webhooks as the API.</p>
    <dl class="facts">
      <dt>Host</dt>
      <dd>${copyable('smtp-host', smtp.host)}</dd>
      <dt>Port, STARTTLS</dt>
      <dd>${copyable('smtp-port', smtp.port)}</dd>
      <dt>Port, TLS</dt>
      <dd>${copyable('smtp-tls-port', smtp.tlsPort)}</dd>
      <dt>User name</dt>
      <dd>${copyable('smtp-user', 'mailplane')}</dd>
      <dt>Password</dt>
      <dd>An API key: create one below (a <em>sending</em> key is enough) and copy it when it is shown.</dd>
    </dl>
  </section>`;
}
