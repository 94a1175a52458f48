import type { AcceptInvitationRequest, CreatedSession } from '@mailplane/contracts';
import { newId } from '@mailplane/runtime';
import type { GatewayDeps } from './deps';
import { INVITATION_TOKEN } from './key-token';
import { linkInvalid, memberActor, presented, type ClientSeen } from './member-links';
import { insertMember } from './members';
import { openSession } from './sessions';

/** The invitation is taken first (one acceptance wins); an address taken meanwhile gives it back. */
export async function acceptInvitation(deps: GatewayDeps, input: AcceptInvitationRequest, client: ClientSeen): Promise<CreatedSession> {
  const invitation = await presented(input.token, INVITATION_TOKEN, deps.invitations.findForAcceptance);
  const now = deps.clock.now();
  const accepted = invitation ? await deps.invitations.accept(invitation._id, now) : null;
  if (!accepted) throw linkInvalid();
  const memberId = newId('mem', now.getTime());
  const audit = { actor: memberActor(client, { id: memberId, name: input.name }), requestId: client.requestId };
  const fields = { email: accepted.email, name: input.name, role: accepted.role, password: input.password };
  const member = await insertMember(deps, { tenantId: accepted.tenantId }, fields, audit, 'acceptInvitation', memberId).catch(
    async (err: unknown) => {
      await deps.invitations.unaccept(accepted._id);
      throw err;
    },
  );
  deps.logger.info('invitation accepted', { tenantId: accepted.tenantId, invitationId: accepted._id, memberId });
  return openSession(deps, accepted.tenantId, member, 'invitation');
}
