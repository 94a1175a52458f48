import type { Schemas } from './schemas';

export type Role = Schemas['Role'];
/** A member, without any password or hash. */
export type Member = Schemas['Member'];
export type CreateMemberRequest = Schemas['CreateMemberRequest'];
export type UpdateMemberRequest = Schemas['UpdateMemberRequest'];
export type CreateOwnerRequest = Schemas['CreateOwnerRequest'];
export type CreateSessionRequest = Schemas['CreateSessionRequest'];
/** Returned once, at sign-in: `token` is the session's bearer credential. */
export type CreatedSession = Schemas['CreatedSession'];
/** A pending invitation; its link is never part of it. */
export type Invitation = Schemas['Invitation'];
/** Returned once, when the invitation is made: `acceptUrl` only when the platform mailed nothing. */
export type CreatedInvitation = Schemas['CreatedInvitation'];
export type CreateInvitationRequest = Schemas['CreateInvitationRequest'];
export type AcceptInvitationRequest = Schemas['AcceptInvitationRequest'];
export type EmailLinkRequest = Schemas['EmailLinkRequest'];
export type ConfirmPasswordResetRequest = Schemas['ConfirmPasswordResetRequest'];
export type ConfirmSignInLinkRequest = Schemas['ConfirmSignInLinkRequest'];
/** The second factor of a member: a code of the authenticator or one recovery code. */
export type SecondFactor = Schemas['SecondFactor'];
/** Shown once, at enrollment. */
export type TotpEnrollment = Schemas['TotpEnrollment'];
/** Shown once, when the second factor is turned on. */
export type RecoveryCodes = Schemas['RecoveryCodes'];
