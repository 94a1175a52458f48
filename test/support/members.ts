import request from 'supertest';
import type { Role } from '@mailplane/contracts';
import { ADMIN_TOKEN, type PlatformUnderTest } from './platform';

export const PASSWORD = 'correct horse battery staple';

/** Each call a fresh address, so that tests never share a member. */
export const freshEmail = (label = 'member') => `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@team.example`;

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Signs in through POST /sessions; throws unless it answers 201. */
export async function signIn(platform: Pick<PlatformUnderTest, 'url'>, email: string, password = PASSWORD): Promise<string> {
  const res = await request(platform.url).post('/sessions').send({ email, password });
  if (res.status !== 201) throw new Error(`not signed in: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

export interface SignedIn {
  id: string;
  email: string;
  token: string;
}

/** The tenant's first owner, made by the operator through the admin surface, signed in. */
export async function newOwner(platform: Pick<PlatformUnderTest, 'url'>, tenantId: string): Promise<SignedIn> {
  const email = freshEmail('owner');
  const res = await request(platform.url)
    .post(`/admin/tenants/${tenantId}/owners`)
    .set(bearer(ADMIN_TOKEN))
    .send({ email, name: 'Olive Owner', password: PASSWORD });
  if (res.status !== 201) throw new Error(`owner not created: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id, email, token: await signIn(platform, email) };
}

/** A member of `role` added by `by` (an owner's or admin's session token), signed in. */
export async function newMember(platform: Pick<PlatformUnderTest, 'url'>, by: string, role: Role): Promise<SignedIn> {
  const email = freshEmail(role);
  const res = await request(platform.url)
    .post('/members')
    .set(bearer(by))
    .send({ email, name: `A ${role}`, role, password: PASSWORD });
  if (res.status !== 201) throw new Error(`member not created: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id, email, token: await signIn(platform, email) };
}

/** A record of the member's changes, not of a sign-in (each sign-in is a record of the member too). */
export const notSignIn = (record: Record<string, unknown>) =>
  record.operationId !== 'createSession' && record.operationId !== 'confirmSignInLink';
