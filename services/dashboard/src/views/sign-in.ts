import { html, csrfField } from '../html';
import { layout, problemBox } from './layout';

/** Asked of members who turned on a second factor; left empty by the others. */
export const secondFactorField = html`<label for="secondFactor">Authenticator code or recovery code (if you turned it on)</label>
  <input id="secondFactor" name="secondFactor" type="text" autocomplete="one-time-code" maxlength="32" spellcheck="false" />`;

/** Two ways in, two forms: a member's email address and password, or a full-access API key of the tenant. */
export function signInPage(base: string, csrf: string, problem?: { title: string; detail?: string } | null, notice?: string | null) {
  return layout(
    base,
    { title: 'Sign in', notice },
    html`<h1>Sign in</h1>
      ${problem ? problemBox(problem) : ''}
      <div class="sign-in">
        <section class="card">
          <h2>Sign in as a team member</h2>
          <form method="post" action="${base}/sign-in" class="stack">
            ${csrfField(csrf)}
            <label for="email">Email address</label>
            <input id="email" name="email" type="email" autocomplete="username" spellcheck="false" required />
            <label for="password">Password</label>
            <input id="password" name="password" type="password" autocomplete="current-password" required />
            ${secondFactorField}
            <button type="submit">Sign in</button>
          </form>
        </section>
        <section class="card">
          <h2>Sign in with an API key</h2>
          <form method="post" action="${base}/sign-in" class="stack">
            ${csrfField(csrf)}
            <p class="hint">
              A full-access key of your tenant. It is exchanged for a session: the key is never shown again, nor put in a link.
            </p>
            <label for="apiKey">API key</label>
            <input id="apiKey" name="apiKey" type="password" autocomplete="off" spellcheck="false" required />
            <button type="submit">Sign in with the key</button>
          </form>
        </section>
      </div>`,
  );
}
