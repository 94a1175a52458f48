import { html, publicPage } from '@mailplane/html';

/** The GET page: nothing happens until the recipient presses the button (link scanners only GET). */
export function confirmPage(maskedEmail: string, token: string): string {
  return publicPage(
    'Unsubscribe',
    html`<h1>Unsubscribe?</h1>
      <p>Stop emails like this one to <strong>${maskedEmail}</strong>.</p>
      <form method="post" action="/unsubscribe">
        <input type="hidden" name="token" value="${token}" />
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <button type="submit">Unsubscribe</button>
      </form>
      <p class="muted">You can ignore this page if you want to keep receiving them.</p>`,
  );
}

export function donePage(maskedEmail: string): string {
  return publicPage(
    'Unsubscribed',
    html`<h1 role="status">You are unsubscribed</h1>
      <p><strong>${maskedEmail}</strong> will not receive these emails any more.</p>`,
  );
}

export function errorPage(title: string, detail: string): string {
  return publicPage(
    title,
    html`<h1>${title}</h1>
      <p>${detail}</p>`,
  );
}
