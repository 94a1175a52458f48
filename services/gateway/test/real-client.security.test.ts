import { clientHopHeaders } from '@mailplane/edge';
import { requestFrom, signInFrom } from '../../../test/support/from-address';
import request from 'supertest';
import { bearer, freshEmail, newMember, newOwner, PASSWORD } from '../../../test/support/members';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { holdBodies, postHead, type Attack } from './support/stalled';

const HOP_SECRET = 'real-client-test-hop-secret-0123456789abcdef';

describe('failed sign-ins are counted per real client: strangers never lock the owner out', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ DASHBOARD_HOP_SECRET: HOP_SECRET });
  });
  afterAll(() => platform.stop());

  const owner = async () => newOwner(platform, (await platform.newTenant()).tenantId);

  it("when a stranger fails 50 sign-ins with the owner's email and random ones, then the owner signs in from another address with the right password, and the stranger is refused 429 even with it", async () => {
    const { email } = await owner();
    const failed = [];
    for (let i = 0; i < 25; i++) failed.push(await signInFrom(platform.url, '127.0.0.2', email, `guess ${i}`));
    for (let i = 0; i < 25; i++) failed.push(await signInFrom(platform.url, '127.0.0.2', freshEmail('random'), `guess ${i}`));
    expect(failed.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(failed.slice(10)).toEqual(Array(40).fill(429));

    expect(await signInFrom(platform.url, '127.0.0.3', email, PASSWORD)).toBe(201);
    expect(await signInFrom(platform.url, '127.0.0.2', email, PASSWORD)).toBe(429);
  });

  it("when strangers from many addresses used up the account's budget, then each address that failed on it 3 times is refused, and the owner from an address without failures still signs in", async () => {
    const { email } = await owner();
    const answers: Record<string, number[]> = {};
    for (const from of ['127.0.0.11', '127.0.0.12', '127.0.0.13', '127.0.0.14']) {
      answers[from] = [];
      for (let i = 0; i < 4; i++) answers[from].push(await signInFrom(platform.url, from, email, `spray ${i}`));
    }
    // 12 failures: the account's 10 were used up during the fourth address's tries.
    expect(answers['127.0.0.11']).toEqual([401, 401, 401, 401]);
    expect(answers['127.0.0.13']).toEqual([401, 401, 401, 429]);
    expect(answers['127.0.0.14']).toEqual([401, 401, 401, 429]);
    expect(await signInFrom(platform.url, '127.0.0.15', email, PASSWORD)).toBe(201);
    expect(await signInFrom(platform.url, '127.0.0.14', email, PASSWORD)).toBe(429);
  });

  it("when a client names another client address without the dashboard's proof, then it is counted as itself; with the proof, the named address is the client", async () => {
    const { email } = await owner();
    const forged = { 'mailplane-client-address': '198.51.100.9', 'mailplane-client-proof': 'not-the-proof' };
    const signIn = (from: string, password: string, headers: Record<string, string> = {}) =>
      requestFrom(platform.url, from, { method: 'POST', path: '/sessions', headers, body: { email, password } }).then((r) => r.status);

    for (let i = 0; i < 10; i++) expect(await signIn('127.0.0.21', `forged ${i}`, forged)).toBe(401);
    expect(await signIn('127.0.0.21', PASSWORD)).toBe(429);

    // Through the dashboard (which holds the secret), the browser's address counts, not the dashboard's.
    const browser = clientHopHeaders(HOP_SECRET, '198.51.100.20');
    for (let i = 0; i < 3; i++) expect(await signIn('127.0.0.22', `via dashboard ${i}`, browser)).toBe(401);
    expect(await signIn('127.0.0.22', PASSWORD, clientHopHeaders(HOP_SECRET, '198.51.100.21'))).toBe(201);
  });
});

describe("one address's stalled bodies never take the public routes from everyone else", () => {
  let platform: TestPlatform;
  const attacks: Attack[] = [];
  beforeAll(async () => {
    // The default budgets; bodies given a minute, so the attacker's hold throughout.
    platform = await startTestPlatform({ BODY_TIMEOUT_MS: '60000' });
  });
  afterAll(async () => {
    attacks.forEach((a) => a.stop());
    await platform.stop();
  });

  it('when one address holds 40 stalled bodies on each public POST, then another address still signs in, unsubscribes and reaches both billing webhooks, and the attacker holds only its own few', async () => {
    const { email } = await newOwner(platform, (await platform.newTenant()).tenantId);
    const JSON_HEAD = { 'Content-Type': 'application/json' };
    for (const [route, headers] of [
      ['/sessions', JSON_HEAD],
      ['/unsubscribe', { 'Content-Type': 'application/x-www-form-urlencoded' }],
      ['/billing/webhook/subscription-hub', JSON_HEAD],
      ['/billing/webhook/payment-provider', { 'Content-Type': 'application/x-www-form-urlencoded' }],
      ['/password-resets', JSON_HEAD],
      ['/invitations/accept', JSON_HEAD],
    ] as const) {
      attacks.push(holdBodies(platform.url, 40, () => postHead(route, 100, headers), '127.0.0.2'));
    }
    await Promise.all(attacks.map((a) => a.decided));
    // Four bodies per address of the strangers' budget, four of the sign-in flows'.
    expect(attacks.reduce((n, a) => n + a.held(), 0)).toBe(8);

    const from = (path: string, body: object | string, headers: Record<string, string> = {}) =>
      requestFrom(platform.url, '127.0.0.3', { method: 'POST', path, headers, body });
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await from('/sessions', { email, password: PASSWORD })).status).toBe(201);
    const others = [
      await from('/unsubscribe', 'token=not-a-token', form),
      await from('/billing/webhook/subscription-hub', '{"type":"nothing"}'),
      await from('/billing/webhook/payment-provider', 'id=nothing', form),
      await from('/password-resets', { email: freshEmail() }),
      await from('/invitations/accept', { token: 'not-a-token', name: 'N', password: PASSWORD }),
    ];
    for (const answer of others) {
      expect(answer.status).not.toBe(503);
      expect(answer.text).not.toContain('service_busy');
    }
  });
});

describe('refused attempts leave a record in the tenant they were aimed at, bounded', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(() => platform.stop());

  type Record = {
    operationId: string;
    ip: string;
    actor: { type: string; id: string };
    target: { id: string };
    changes: { refused?: string };
  };
  const refusalsIn = async (token: string) =>
    ((await request(platform.url).get('/audit-log').query({ limit: 100 }).set(bearer(token)).expect(200)).body.data as Record[]).filter(
      (r) => r.changes.refused !== undefined,
    );

  it("when a stranger fails 5 sign-ins to a member's account and many with random emails, then the tenant's log holds one refused sign-in (once a minute), naming the stranger's address", async () => {
    const owner = await newOwner(platform, (await platform.newTenant()).tenantId);
    for (let i = 0; i < 5; i++) expect(await signInFrom(platform.url, '127.0.0.31', owner.email, `guess ${i}`)).toBe(401);
    for (let i = 0; i < 5; i++) expect(await signInFrom(platform.url, '127.0.0.32', freshEmail('random'), `guess ${i}`)).toBe(401);
    const refusals = await refusalsIn(owner.token);
    expect(refusals.map((r) => ({ operationId: r.operationId, ip: r.ip, target: r.target.id, refused: r.changes.refused }))).toEqual([
      { operationId: 'createSession', ip: '127.0.0.31', target: owner.id, refused: 'wrong_password' },
    ]);
  });

  it("when a viewer is refused a change (403) three times, then the tenant's log holds one record of it, the viewer its actor", async () => {
    const owner = await newOwner(platform, (await platform.newTenant()).tenantId);
    const viewer = await newMember(platform, owner.token, 'viewer');
    for (let i = 0; i < 3; i++) {
      const res = await requestFrom(platform.url, '127.0.0.33', {
        method: 'POST',
        path: '/api-keys',
        headers: bearer(viewer.token),
        body: { name: `not allowed ${i}` },
      });
      expect(res.status).toBe(403);
    }
    const refusals = await refusalsIn(owner.token);
    expect(refusals.map((r) => ({ operationId: r.operationId, ip: r.ip, actor: r.actor.id, refused: r.changes.refused }))).toEqual([
      { operationId: 'createApiKey', ip: '127.0.0.33', actor: viewer.id, refused: 'forbidden' },
    ]);
  });
});
