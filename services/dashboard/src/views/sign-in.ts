import { html, csrfField } from '../html';
import { layout, problemBox } from './layout';

export function signInPage(base: string, csrf: string, problem?: { title: string; detail?: string } | null, notice?: string | null) {
  return layout(
    base,
    { title: 'Sign in', notice },
    html`<h1>Sign in</h1>
      <p>
        Sign in with a full-access API key of your tenant. It is exchanged for a session: the key is never shown again, nor put in a link.
      </p>
      ${problem ? problemBox(problem) : ''}
      <form method="post" action="${base}/sign-in" class="stack">
        ${csrfField(csrf)}
        <label for="apiKey">API key</label>
        <input id="apiKey" name="apiKey" type="password" autocomplete="off" required spellcheck="false" />
        <button type="submit">Sign in</button>
      </form>`,
  );
}
