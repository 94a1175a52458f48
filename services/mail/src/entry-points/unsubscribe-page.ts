const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<style>
  body { font: 1.0625rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; padding: 1.5rem; color: #1a1a1a; background: #f6f6f4; }
  main { max-width: 30rem; margin: 10vh auto 0; background: #fff; padding: 2rem 1.5rem; border-radius: .75rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  h1 { font-size: 1.375rem; margin: 0 0 1rem; }
  button { font: inherit; font-weight: 600; width: 100%; min-height: 3rem; border: 0; border-radius: .5rem; background: #1d4ed8; color: #fff; cursor: pointer; }
  button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .muted { color: #4b5563; font-size: .9375rem; }
</style>
</head>
<body><main>${body}</main></body>
</html>
`;
}

/** The GET page: nothing happens until the recipient presses the button (link scanners only GET). */
export function confirmPage(maskedEmail: string, token: string): string {
  return layout(
    'Unsubscribe',
    `<h1>Unsubscribe?</h1>
<p>Stop emails like this one to <strong>${escape(maskedEmail)}</strong>.</p>
<form method="post" action="/unsubscribe">
  <input type="hidden" name="token" value="${escape(token)}">
  <input type="hidden" name="List-Unsubscribe" value="One-Click">
  <button type="submit">Unsubscribe</button>
</form>
<p class="muted">You can ignore this page if you want to keep receiving them.</p>`,
  );
}

export function donePage(maskedEmail: string): string {
  return layout(
    'Unsubscribed',
    `<h1 role="status">You are unsubscribed</h1>
<p><strong>${escape(maskedEmail)}</strong> will not receive these emails any more.</p>`,
  );
}

export function errorPage(title: string, detail: string): string {
  return layout(title, `<h1>${escape(title)}</h1>\n<p>${escape(detail)}</p>`);
}
