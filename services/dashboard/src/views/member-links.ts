import { csrfField, html, type Html } from '../html';
import { layout, problemBox } from './layout';
import { secondFactorField } from './sign-in';

type Problem = { title: string; detail?: string } | null;

// The token travels in the form, not in a cookie: the page is opened from a mail, and the POST spends it.
const tokenField = (token: string) => html`<input type="hidden" name="token" value="${token}" />`;

const passwordField = (label: string) =>
  html`<label for="password">${label}</label>
    <input id="password" name="password" type="password" autocomplete="new-password" minlength="12" maxlength="200" required />
    <p class="hint">At least 12 characters.</p>`;

/** /accept-invitation: the invited person chooses a name and a password, and is signed in. */
export function acceptInvitationPage(base: string, form: { csrf: string; token: string }, problem: Problem = null): Html {
  return layout(
    base,
    { title: 'Accept the invitation' },
    html`<h1>Accept the invitation</h1>
      <p>Choose the name your team sees and a password; your email address is the one the invitation was sent to.</p>
      ${problem ? problemBox(problem) : ''}
      <form method="post" action="${base}/accept-invitation" class="stack">
        ${csrfField(form.csrf)} ${tokenField(form.token)}
        <label for="name">Your name</label>
        <input id="name" name="name" type="text" autocomplete="name" maxlength="100" required />
        ${passwordField('Password')}
        <button type="submit">Join and sign in</button>
      </form>`,
  );
}

/** /reset-password: a new password from a reset link. */
export function resetPasswordPage(base: string, form: { csrf: string; token: string }, problem: Problem = null): Html {
  return layout(
    base,
    { title: 'Choose a new password' },
    html`<h1>Choose a new password</h1>
      <p>Every session of your account ends: sign in again afterwards.</p>
      ${problem ? problemBox(problem) : ''}
      <form method="post" action="${base}/reset-password" class="stack">
        ${csrfField(form.csrf)} ${tokenField(form.token)} ${passwordField('New password')}
        <button type="submit">Set the password</button>
      </form>`,
  );
}

/** /sign-in/link: one press spends the link (a mail scanner opening it spends nothing). */
export function signInLinkPage(base: string, form: { csrf: string; token: string }, problem: Problem = null): Html {
  return layout(
    base,
    { title: 'Sign in with your link' },
    html`<h1>Sign in with your link</h1>
      ${problem ? problemBox(problem) : ''}
      <form method="post" action="${base}/sign-in/link" class="stack">
        ${csrfField(form.csrf)} ${tokenField(form.token)} ${secondFactorField}
        <button type="submit">Sign in</button>
      </form>`,
  );
}
