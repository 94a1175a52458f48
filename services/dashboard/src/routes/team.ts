import type { Request, Response } from 'express';
import { base, chromeFor, handle, idOf, notFoundFor, secondFactorOf, type Kit } from '../kit';
import { layout } from '../views/layout';
import { teamBody, type ShownOnce } from '../views/team';

const MEMBER = /^mem_[0-9a-z]{26}$/;
const INVITATION = /^inv_[0-9a-z]{26}$/;

/** Team: members and their roles, invitations, and the signed-in member's second factor. */
export function teamRoutes(kit: Kit) {
  const { app, api, page, sessionOf } = kit;

  async function show(req: Request, res: Response, shown?: ShownOnce, status = 200) {
    const client = api(sessionOf(req));
    const [me, members, invitations] = await Promise.all([client.me(), client.members.list(), client.invitations.list()]);
    const body = teamBody(base(req), { me, members: members.data, invitations: invitations.data, shown }, sessionOf(req).csrf);
    page(res, layout(base(req), chromeFor(kit, req, 'Team', 'team'), body), status);
  }

  app.get(
    '/team',
    handle((req, res) => show(req, res)),
  );
  // A link that was not mailed, a secret and recovery codes are shown in the answer to the POST only, never again.
  app.post(
    '/team/invitations',
    handle(async (req, res) => {
      const body = { email: String(req.body?.email ?? '').trim(), role: String(req.body?.role ?? '') as 'viewer' };
      const invitation = await api(sessionOf(req)).invitations.create(body);
      await show(req, res, { kind: 'invitation', invitation }, 201);
    }),
  );
  app.post(
    '/team/invitations/:id/revoke',
    handle(async (req, res) => {
      if (!INVITATION.test(idOf(req))) return notFoundFor(kit, req, res);
      await api(sessionOf(req)).invitations.revoke(idOf(req));
      res.redirect(303, `${base(req)}/team?notice=invitation-revoked`);
    }),
  );
  app.post(
    '/team/members/:id/role',
    handle(async (req, res) => {
      if (!MEMBER.test(idOf(req))) return notFoundFor(kit, req, res);
      await api(sessionOf(req)).members.update(idOf(req), { role: String(req.body?.role ?? '') as 'viewer' });
      res.redirect(303, `${base(req)}/team?notice=role-changed`);
    }),
  );
  app.post(
    '/team/members/:id/remove',
    handle(async (req, res) => {
      if (!MEMBER.test(idOf(req)) || req.body?.confirm !== 'yes') return notFoundFor(kit, req, res);
      await api(sessionOf(req)).members.remove(idOf(req));
      res.redirect(303, `${base(req)}/team?notice=member-removed`);
    }),
  );
  app.post(
    '/team/totp/start',
    handle(async (req, res) => show(req, res, { kind: 'enrollment', enrollment: await api(sessionOf(req)).totp.start() }, 201)),
  );
  app.post(
    '/team/totp/confirm',
    handle(async (req, res) => {
      const confirmed = await api(sessionOf(req)).totp.confirm({ code: String(req.body?.code ?? '').trim() });
      await show(req, res, { kind: 'recovery-codes', codes: confirmed.recoveryCodes });
    }),
  );
  app.post(
    '/team/totp/disable',
    handle(async (req, res) => {
      await api(sessionOf(req)).totp.disable(secondFactorOf(String(req.body?.code ?? '')));
      res.redirect(303, `${base(req)}/team?notice=second-factor-off`);
    }),
  );
}
