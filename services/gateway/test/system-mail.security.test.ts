import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { eventually } from '../../../test/support/eventually';
import { auth } from '../../../test/support/mail';
import { mailedLink } from '../../../test/support/member-links';
import { bearer, freshEmail, PASSWORD, signIn } from '../../../test/support/members';
import { ADMIN_TOKEN, sharedPlatform } from '../../../test/support/platform';

// A send rate of 2 a second for every tenant, the system sender's included: three invitations at once would spend it.
const platform = sharedPlatform({ SEND_RATE_LIMIT: '2', INVITATIONS_PER_TENANT_PER_DAY: '3', SYSTEM_MAIL_PER_ADDRESS_PER_HOUR: '2' });

const LURE = 'Your account is suspended: pay at https://evil.example/now';

/** A tenant named by its owner, and that owner (whose name the owner chose too) signed in. */
async function tenantWithOwner(name = 'Test tenant', ownerName = 'Olive Owner') {
  const { tenantId } = await platform.newTenant(name);
  const email = freshEmail('owner');
  await request(platform.url)
    .post(`/admin/tenants/${tenantId}/owners`)
    .set(bearer(ADMIN_TOKEN))
    .send({ email, name: ownerName, password: PASSWORD })
    .expect(201);
  return { tenantId, email, token: await signIn(platform, email) };
}

const invite = (by: string, email: string) => request(platform.url).post('/invitations').set(bearer(by)).send({ email, role: 'developer' });
const pending = async (by: string) => (await request(platform.url).get('/invitations').set(bearer(by))).body.data as unknown[];

describe('invitations are limited per tenant and per address, and over a limit nothing is sent', () => {
  it('when a tenant has invited its day’s worth, then the next invitation is a 429 with Retry-After, nothing is stored or mailed', async () => {
    const owner = await tenantWithOwner();
    for (let i = 0; i < 3; i++) expect((await invite(owner.token, freshEmail('invitee'))).status).toBe(201);
    const before = platform.sandbox.sink.count();
    const refused = await invite(owner.token, freshEmail('one-too-many'));
    expectProblem(refused, 429, 'rate_limited', 'createInvitation');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
    expect(await pending(owner.token)).toHaveLength(3);
    expect(platform.sandbox.sink.count()).toBe(before);
  });

  it('when one address has been invited its hour’s worth, then another tenant’s invitation to it is a 429 and is not mailed', async () => {
    const target = freshEmail('popular');
    const [first, second, third] = [await tenantWithOwner(), await tenantWithOwner(), await tenantWithOwner()];
    expect((await invite(first.token, target)).status).toBe(201);
    expect((await invite(second.token, target)).status).toBe(201);
    const refused = await invite(third.token, target);
    expectProblem(refused, 429, 'rate_limited', 'createInvitation');
    expect(await pending(third.token)).toEqual([]);
    const mailedTo = () => platform.sandbox.sink.messages().filter((m) => m.envelope.to.includes(target)).length;
    await eventually(() => mailedTo() === 2, 'both invitations mailed', 15_000);
    // Nothing was made for the third: once a later invitation has been delivered, there are still only two.
    const afterwards = freshEmail('afterwards');
    expect((await invite(third.token, afterwards)).status).toBe(201);
    await mailedLink(platform, afterwards, /invited/, '/accept-invitation');
    expect(mailedTo()).toBe(2);
  });
});

describe("the platform's own mail", () => {
  it('when a tenant and its member name themselves with a lure, then the platform-signed invitation and reset carry neither name', async () => {
    const owner = await tenantWithOwner(LURE, LURE);
    const invitee = freshEmail('lured');
    expect((await invite(owner.token, invitee)).status).toBe(201);
    const invitation = await mailedLink(platform, invitee, /invited/, '/accept-invitation');
    await request(platform.url).post('/password-resets').send({ email: owner.email }).expect(202);
    const reset = await mailedLink(platform, owner.email, /Reset your Mailplane password/, '/reset-password');
    for (const { message } of [invitation, reset]) {
      expect(`${message.subject}\n${message.text}`).not.toContain('evil.example');
      expect(message.text).not.toContain('suspended');
    }
    expect(invitation.message.text).toContain(owner.tenantId);
  });

  it('when system mail is sent, then it carries no List-Unsubscribe', async () => {
    const owner = await tenantWithOwner();
    const invitee = freshEmail('no-unsubscribe');
    expect((await invite(owner.token, invitee)).status).toBe(201);
    const { message } = await mailedLink(platform, invitee, /invited/, '/accept-invitation');
    const names = message.headers.map((h) => h.name.toLowerCase());
    expect(names).not.toContain('list-unsubscribe');
    expect(names).not.toContain('list-unsubscribe-post');
  });

  it("when an address is on the system sender's suppression list, then its password reset still arrives", async () => {
    const owner = await tenantWithOwner();
    const sender = platform.sandboxTenant as { apiKey: string };
    await request(platform.url).post('/suppressions').set(auth(sender.apiKey)).send({ email: owner.email }).expect(201);
    await request(platform.url).post('/password-resets').send({ email: owner.email }).expect(202);
    await mailedLink(platform, owner.email, /Reset your Mailplane password/, '/reset-password');
  });

  it("when tenants' invitations come faster than the system sender's send rate, then each is mailed and a reset right after still arrives", async () => {
    const owners = [await tenantWithOwner(), await tenantWithOwner()];
    const invitees = [freshEmail('burst'), freshEmail('burst'), freshEmail('burst'), freshEmail('burst')];
    const made = await Promise.all(invitees.map((email, i) => invite(owners[i % 2].token, email)));
    expect(made.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    await request(platform.url).post('/password-resets').send({ email: owners[0].email }).expect(202);
    await mailedLink(platform, owners[0].email, /Reset your Mailplane password/, '/reset-password');
    for (const email of invitees) await mailedLink(platform, email, /invited/, '/accept-invitation');
  });
});
