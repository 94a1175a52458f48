import type { CreatedInvitation, Invitation, Member, Me, TotpEnrollment } from '@mailplane/sdk';
import { html, confirmedActionForm, csrfField, rowActionForm, table, when, type Html } from '../html';

const ROLES = ['owner', 'admin', 'developer', 'billing', 'viewer'] as const;

/** What the Team page shows once, in the answer to the POST that made it: a link to pass on, a secret, recovery codes. */
export type ShownOnce =
  | { kind: 'invitation'; invitation: CreatedInvitation }
  | { kind: 'enrollment'; enrollment: TotpEnrollment }
  | { kind: 'recovery-codes'; codes: string[] };

export interface TeamView {
  me: Me;
  members: Member[];
  invitations: Invitation[];
  shown?: ShownOnce;
}

export function teamBody(base: string, view: TeamView, csrf: string) {
  return html`<h1>Team</h1>
    ${view.shown ? shownOnce(base, view.shown, csrf) : ''}
    <form method="post" action="${base}/team/invitations" class="filters">
      ${csrfField(csrf)}
      <label>Email address <input name="email" type="email" required /></label>
      <label for="invite-role">Role</label>
      <select id="invite-role" name="role">
        ${ROLES.map((r) => html`<option value="${r}" ${r === 'developer' ? html` selected` : ''}>${r}</option>`)}
      </select>
      <button type="submit">Invite</button>
    </form>
    ${membersTable(base, view.members, view.me, csrf)} ${invitationsTable(base, view.invitations, csrf)}
    ${view.me.type === 'member' ? secondFactorCard(base, csrf) : ''}`;
}

function membersTable(base: string, members: Member[], me: Me, csrf: string): Html {
  return table(
    [
      { header: 'Name', cell: (m) => `${m.name}${me.id === m.id ? ' (you)' : ''}` },
      { header: 'Email address', cell: (m) => m.email },
      {
        header: 'Role',
        cell: (m) =>
          html`<form method="post" action="${base}/team/members/${m.id}/role" class="inline">
            ${csrfField(csrf)}
            <label
              ><span class="visually-hidden">Role of ${m.name}</span>
              <select name="role">
                ${ROLES.map((r) => html`<option value="${r}" ${r === m.role ? html` selected` : ''}>${r}</option>`)}
              </select></label
            >
            <button type="submit" class="secondary" aria-label="Change the role of ${m.name}">Change</button>
          </form>`,
      },
      { header: 'Since', cell: (m) => when(m.createdAt) },
      {
        header: 'Remove',
        hiddenHeader: true,
        cell: (m) =>
          confirmedActionForm({
            action: `${base}/team/members/${m.id}/remove`,
            csrf,
            confirm: `Confirm removing ${m.name}`,
            button: 'Remove',
            buttonLabel: `Remove ${m.name}`,
          }),
      },
    ],
    members,
    {
      caption: 'Members',
      empty: html`<p><strong>No member yet.</strong></p>
        <p>Invite your team above: each signs in with their own password.</p>`,
    },
  );
}

function invitationsTable(base: string, invitations: Invitation[], csrf: string): Html {
  return table(
    [
      { header: 'Email address', cell: (i) => i.email },
      { header: 'Role', cell: (i) => i.role },
      { header: 'Expires', cell: (i) => when(i.expiresAt) },
      {
        header: 'Revoke',
        hiddenHeader: true,
        cell: (i) =>
          rowActionForm({
            action: `${base}/team/invitations/${i.id}/revoke`,
            csrf,
            button: 'Revoke',
            buttonLabel: `Revoke the invitation of ${i.email}`,
          }),
      },
    ],
    invitations,
    { caption: 'Invitations waiting', empty: 'No invitation waiting.' },
  );
}

function secondFactorCard(base: string, csrf: string): Html {
  return html`<section class="card" aria-labelledby="second-factor">
    <h2 id="second-factor">Your second factor</h2>
    <p>A code from an authenticator app at every sign-in, beside your password.</p>
    <form method="post" action="${base}/team/totp/start" class="inline">
      ${csrfField(csrf)}<button type="submit">Set up an authenticator app</button>
    </form>
    <form method="post" action="${base}/team/totp/disable" class="filters">
      ${csrfField(csrf)}
      <label>Code or recovery code <input name="code" autocomplete="one-time-code" required /></label>
      <button type="submit" class="danger">Turn off the second factor</button>
    </form>
  </section>`;
}

function shownOnce(base: string, shown: ShownOnce, csrf: string): Html {
  if (shown.kind === 'invitation') {
    const { invitation } = shown;
    return html`<div class="card created" role="alert">
      ${
        invitation.emailed
          ? html`<p>${invitation.email} is invited as ${invitation.role}: the link is on its way by email.</p>`
          : html`<p>${invitation.email} is invited as ${invitation.role}. No mail was sent: pass this link on, shown this once.</p>
              <p><code id="invitation-link">${invitation.acceptUrl ?? ''}</code></p>`
      }
    </div>`;
  }
  if (shown.kind === 'enrollment') {
    return html`<div class="card created" role="alert">
      <p>Add this key to your authenticator app (shown this once), then type the code it shows.</p>
      <p>Key: <code id="totp-secret">${shown.enrollment.secret}</code></p>
      <p>Or open: <code id="totp-uri">${shown.enrollment.otpauthUri}</code></p>
      <form method="post" action="${base}/team/totp/confirm" class="filters">
        ${csrfField(csrf)}
        <label>Code from the app <input name="code" inputmode="numeric" autocomplete="one-time-code" required /></label>
        <button type="submit">Turn on the second factor</button>
      </form>
    </div>`;
  }
  return html`<div class="card created" role="alert">
    <p>
      The second factor is on. Keep these recovery codes somewhere safe: each signs you in once without the app, and they are shown this
      once.
    </p>
    <ul id="recovery-codes">
      ${shown.codes.map((c) => html`<li><code>${c}</code></li>`)}
    </ul>
  </div>`;
}
