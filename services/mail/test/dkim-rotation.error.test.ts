import request from 'supertest';
import { mailConfig } from '../src/config';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { engineEnv, storeEngines } from '../../../test/support/engines';
import { auth, tenantWithDomain } from '../../../test/support/mail';
import { startTestPlatform, type TestPlatform, sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();
let t: Awaited<ReturnType<typeof tenantWithDomain>>;
beforeAll(async () => {
  t = await tenantWithDomain(platform);
});

const identityNow = async () => (await request(platform.url).get(`/identities/${t.identity.id}`).set(auth(t.key)).expect(200)).body;
const rotate = (id: string) => request(platform.url).post(`/identities/${id}/dkim/rotate`).set(auth(t.key));

describe('DKIM rotation refused', () => {
  it('when the identity does not exist, then 404 not_found', async () => {
    expectProblem(await rotate('idn_01jd8r3m2k4e6f7g8h9j0k1m2n'), 404, 'not_found', 'rotateDkimKey');
  });

  it('when the id is not an identity id, then 400 validation_failed', async () => {
    expectProblem(await rotate('not-an-id'), 400, 'validation_failed', 'rotateDkimKey');
  });

  it('when a rotation is pending, then 409 rotation_pending naming its selector, and nothing changes', async () => {
    const first = await rotate(t.identity.id);
    expect(first.status).toBe(200);
    const before = await identityNow();
    const again = await rotate(t.identity.id);
    expectProblem(again, 409, 'rotation_pending', 'rotateDkimKey');
    expect(again.body.detail).toContain('mp2');
    expect(await identityNow()).toEqual(before);
  });

  it('when an Ed25519 rotation is asked of an identity that signs no Ed25519, then 400 validation_failed at /body/algorithm and nothing changes', async () => {
    const before = await identityNow();
    const res = await rotate(t.identity.id).send({ algorithm: 'ed25519-sha256' });
    expectProblem(res, 400, 'validation_failed', 'rotateDkimKey');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['/body/algorithm']);
    expect(await identityNow()).toEqual(before);
  });

  it.each([
    ['an unknown algorithm', { algorithm: 'rsa-sha1' }],
    ['an unknown field', { selector: 'mine' }],
    ['not an object', ['ed25519-sha256']],
  ])('when the body has %s, then 400 validation_failed and nothing changes', async (_case, body) => {
    const before = await identityNow();
    expectProblem(await rotate(t.identity.id).send(body), 400, 'validation_failed', 'rotateDkimKey');
    expect(await identityNow()).toEqual(before);
  });
});

describe('DKIM rotation cancel refused', () => {
  const cancel = (id: string, query = '') => request(platform.url).delete(`/identities/${id}/dkim/rotate${query}`).set(auth(t.key));

  it('when the identity does not exist, then 404 not_found', async () => {
    expectProblem(await cancel('idn_01jd8r3m2k4e6f7g8h9j0k1m2n'), 404, 'not_found', 'cancelDkimRotation');
  });

  it('when no rotation of that algorithm is pending, then 409 no_rotation_pending naming the current key, and nothing changes', async () => {
    const fresh = await tenantWithDomain(platform);
    const before = (await request(platform.url).get(`/identities/${fresh.identity.id}`).set(auth(fresh.key)).expect(200)).body;
    const res = await request(platform.url).delete(`/identities/${fresh.identity.id}/dkim/rotate`).set(auth(fresh.key));
    expectProblem(res, 409, 'no_rotation_pending', 'cancelDkimRotation');
    expect(res.body.detail).toContain('mp1');
    const ed = await request(platform.url)
      .delete(`/identities/${fresh.identity.id}/dkim/rotate?algorithm=ed25519-sha256`)
      .set(auth(fresh.key));
    expectProblem(ed, 409, 'no_rotation_pending', 'cancelDkimRotation');
    expect((await request(platform.url).get(`/identities/${fresh.identity.id}`).set(auth(fresh.key)).expect(200)).body).toEqual(before);
  });

  it('when the algorithm is unknown, then 400 validation_failed at the query and nothing changes', async () => {
    const before = await identityNow();
    const res = await cancel(t.identity.id, '?algorithm=rsa-sha1');
    expectProblem(res, 400, 'validation_failed', 'cancelDkimRotation');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([expect.stringMatching(/^\/query\/algorithm/)]);
    expect(await identityNow()).toEqual(before);
  });
});

describe('dkimAlgorithms refused', () => {
  it.each([
    ['without rsa-sha256', ['ed25519-sha256']],
    ['empty', []],
    ['an unknown algorithm', ['rsa-sha256', 'rsa-sha1']],
    ['a duplicate', ['rsa-sha256', 'rsa-sha256']],
    ['not a list', 'ed25519-sha256'],
  ])('when %s, then 400 validation_failed at /body/dkimAlgorithms (or its item) and nothing changes', async (_case, dkimAlgorithms) => {
    const before = await identityNow();
    const res = await request(platform.url).patch(`/identities/${t.identity.id}`).set(auth(t.key)).send({ dkimAlgorithms });
    expectProblem(res, 400, 'validation_failed', 'updateIdentity');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([expect.stringMatching(/^\/body\/dkimAlgorithms(\/\d+)?$/)]);
    expect(await identityNow()).toEqual(before);
  });

  it('when the same algorithms are set again, then the identity answers unchanged', async () => {
    const before = await identityNow();
    const res = await request(platform.url)
      .patch(`/identities/${t.identity.id}`)
      .set(auth(t.key))
      .send({ dkimAlgorithms: ['rsa-sha256'] });
    expect(res.status).toBe(200);
    expectContract(res, 'updateIdentity');
    expect(res.body.dnsRecords).toEqual(before.dnsRecords);
  });
});

describe('DKIM_ROTATE_DAYS', () => {
  it.each(['0', '-3', 'soon', '1.5'])('when it is %s, then the configuration is refused', (value) => {
    const env = {
      SMTP_URL: 'smtp://127.0.0.1:9',
      DKIM_KEY_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'http://localhost:3000',
      UNSUBSCRIBE_SECRET: 'y'.repeat(40),
      TRACKING_SECRET: 'z'.repeat(40),
    };
    expect(mailConfig(env).dkimRotation).toBeNull();
    expect(() => mailConfig({ ...env, DKIM_ROTATE_DAYS: value })).toThrow(/DKIM_ROTATE_DAYS/);
  });
});

describe.each(storeEngines())('DKIM rotations at once, stores on %s', (engine) => {
  let own: TestPlatform;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const stores = await engineEnv(engine);
    drop = stores.drop;
    own = await startTestPlatform(stores.env);
  }, 60_000);
  afterAll(async () => {
    await own.stop();
    await drop();
  });

  it('when three rotations are asked at once, then one makes a key and the others answer 409', async () => {
    const other = await tenantWithDomain(own);
    const rotations = [0, 1, 2].map(() => request(own.url).post(`/identities/${other.identity.id}/dkim/rotate`).set(auth(other.key)));
    const answers = await Promise.all(rotations);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const read = await request(own.url).get(`/identities/${other.identity.id}`).set(auth(other.key)).expect(200);
    expect(read.body.dnsRecords.filter((r: { keyState?: string }) => r.keyState === 'pending')).toHaveLength(1);
  });

  it('when a rotation and two verifies race, then the pending record stays listed and a later verify switches to it', async () => {
    const other = await tenantWithDomain(own);
    const id = other.identity.id;
    const [rotated] = await Promise.all([
      request(own.url).post(`/identities/${id}/dkim/rotate`).set(auth(other.key)),
      request(own.url).post(`/identities/${id}/verify`).set(auth(other.key)),
      request(own.url).post(`/identities/${id}/verify`).set(auth(other.key)),
    ]);
    expect(rotated.status).toBe(200);
    const read = await request(own.url).get(`/identities/${id}`).set(auth(other.key)).expect(200);
    const pending = read.body.dnsRecords.find((r: { keyState?: string }) => r.keyState === 'pending');
    expect(pending).toMatchObject({ name: `mp2._domainkey.${other.domain}` });
    own.sandbox.dns.setTxt(pending.name, [pending.value]);
    const verified = await request(own.url).post(`/identities/${id}/verify`).set(auth(other.key)).expect(200);
    expect(verified.body.selector).toBe('mp2');
  });

  it('when a cancel and a verify that finds the pending record race, then exactly one wins: either the key switched and the cancel is 409, or it was cancelled and the old key stays', async () => {
    const other = await tenantWithDomain(own);
    const id = other.identity.id;
    const rotated = await request(own.url).post(`/identities/${id}/dkim/rotate`).set(auth(other.key)).expect(200);
    const pending = rotated.body.dnsRecords.find((r: { keyState?: string }) => r.keyState === 'pending');
    own.sandbox.dns.setTxt(pending.name, [pending.value]);
    const [cancelled, verified] = await Promise.all([
      request(own.url).delete(`/identities/${id}/dkim/rotate`).set(auth(other.key)),
      request(own.url).post(`/identities/${id}/verify`).set(auth(other.key)),
    ]);
    expect(verified.status).toBe(200);
    const read = (await request(own.url).get(`/identities/${id}`).set(auth(other.key)).expect(200)).body;
    const states = read.dnsRecords.filter((r: { purpose: string }) => r.purpose === 'dkim').map((r: { keyState: string }) => r.keyState);
    if (cancelled.status === 200) {
      expect(read.selector).toBe('mp1');
      expect(states).toEqual(['current']);
    } else {
      expectProblem(cancelled, 409, 'no_rotation_pending', 'cancelDkimRotation');
      expect(read.selector).toBe('mp2');
      expect(states).toEqual(['retiring', 'current']);
    }
  });
});
