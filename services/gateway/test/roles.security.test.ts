import request from 'supertest';
import { operations, type Operation } from '@mailplane/contracts';
import { expectContract, expectProblem } from '../../../test/support/contract';
import { bearer, newMember, newOwner } from '../../../test/support/members';
import { sharedPlatform } from '../../../test/support/platform';

type Caller = 'owner' | 'admin' | 'developer' | 'billing' | 'viewer' | 'full key' | 'sending key';
const MEMBERS: Caller[] = ['owner', 'admin', 'developer', 'billing', 'viewer'];

// The role table of docs/guides/teams.md, row by row: the first row whose permission matches says who passes.
const TABLE: Array<[(permission: string) => boolean, Caller[]]> = [
  [(p) => p === 'sending', ['owner', 'admin', 'developer', 'full key', 'sending key']],
  [(p) => p === 'billing.read', ['owner', 'admin', 'billing', 'full key']],
  [(p) => p === 'billing.write', ['owner', 'billing', 'full key']],
  [(p) => p === 'audit.read', ['owner', 'admin', 'full key']],
  [(p) => p === 'members.write', ['owner', 'admin']],
  [(p) => p === 'full', ['owner', 'admin', 'full key']],
  [(p) => p.endsWith('.read'), ['owner', 'admin', 'developer', 'billing', 'viewer', 'full key']],
  [(p) => p.endsWith('.write'), ['owner', 'admin', 'developer', 'full key']],
];
const allowed = (op: Operation, caller: Caller) => {
  const row = TABLE.find(([matches]) => matches(op.permission as string));
  if (!row) throw new Error(`${op.operationId}: x-permission ${op.permission} is in no row of the role table`);
  return row[1].includes(caller);
};

const platform = sharedPlatform();
const tokens = {} as Record<Caller, string>;
beforeAll(async () => {
  const { tenantId, key } = await platform.newTenant();
  const owner = await newOwner(platform, tenantId);
  tokens.owner = owner.token;
  for (const role of ['admin', 'developer', 'billing', 'viewer'] as const)
    tokens[role] = (await newMember(platform, owner.token, role)).token;
  tokens['full key'] = key;
  tokens['sending key'] = (
    await request(platform.url).post('/api-keys').set(bearer(key)).send({ name: 'app', permission: 'sending' })
  ).body.key;
});

const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'x_123');
// Every bearer operation of the contract, so that a new route is covered the day it is added; signing out last,
// since it ends the session the others use.
const bearerRoutes = operations
  .filter((op) => op.security === 'bearer')
  .sort((a, b) => Number(a.operationId === 'deleteCurrentSession') - Number(b.operationId === 'deleteCurrentSession'));
const CALLERS: Caller[] = [...MEMBERS, 'full key', 'sending key'];

describe.each(CALLERS)('as %s', (caller) => {
  it.each(bearerRoutes.map((op) => [`${op.method.toUpperCase()} ${op.path} (${op.permission})`, op] as const))(
    '%s is allowed or refused as the role table says',
    async (_name, op) => {
      const req = request(platform.url)[op.method as 'get'](concrete(op.path)).set(bearer(tokens[caller]));
      const res = await req.send(op.method === 'get' || op.method === 'delete' ? undefined : {});
      if (allowed(op, caller)) {
        expect([op.operationId, [401, 403].includes(res.status), res.text]).toEqual([op.operationId, false, res.text]);
        expectContract(res, op.operationId);
      } else if (MEMBERS.includes(caller)) {
        expectProblem(res, 403, 'forbidden', op.operationId);
      } else {
        expectProblem(res, 401, 'restricted_api_key', op.operationId);
      }
    },
  );
});
