import fc from 'fast-check';
import { operations } from '@mailplane/contracts';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { contractViolations } from './support/fuzz/contract-check';
import { fuzzTenant, type FuzzTenant } from './support/fuzz/fixtures';
import { closeAgent, describeRequest, send } from './support/fuzz/http';
import { OVERSIZE } from './support/fuzz/serialize';
import { requestFor, routeMiss } from './support/fuzz/variants';

// FUZZ_SEED replays a run; FUZZ_RUNS sets the requests per operation (about 550 in all by default, a minute on two
// loaded cores: each run explores a new seed, and a deeper run is FUZZ_RUNS=300).
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const runs = Number(process.env.FUZZ_RUNS ?? 15);
// Each accepted identity costs an RSA-2048 key pair, seconds on a small machine: a quarter of the runs.
const runsOf = (operationId: string) => (operationId === 'createIdentity' ? Math.ceil(runs / 4) : runs);
// Deletions last, so the other operations meet the tenant's resources while they still exist.
const ordered = [...operations].sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));

let platform: TestPlatform;
let fx: FuzzTenant;

beforeAll(async () => {
  process.stderr.write(`contract fuzz: seed ${seed}, ${runs} requests per operation (FUZZ_SEED=${seed} replays it)\n`);
  platform = await startTestPlatform({ BODY_LIMIT_BYTES: String(OVERSIZE) });
  fx = await fuzzTenant(platform);
}, 60_000);
afterAll(async () => {
  closeAgent();
  await platform.stop();
});

describe(`every operation of the OpenAPI document under generated input (seed ${seed})`, () => {
  it.each(ordered.map((op, i) => [op.operationId, op, i] as const))(
    '%s: no 5xx, only declared statuses and bodies, a request id on every answer',
    async (_id, op, i) => {
      await fc.assert(
        fc.asyncProperty(requestFor(op, fx), async (request) => {
          const violations = contractViolations(request, await send(platform.url, request));
          if (violations.length > 0) throw new Error(`${describeRequest(request)}\n  ${violations.join('\n  ')}`);
        }),
        { seed: seed + i, numRuns: runsOf(op.operationId), endOnFailure: true },
      );
    },
    60_000,
  );

  it('paths and methods the document does not have: 404 or 405 problems, a request id on each', async () => {
    await fc.assert(
      fc.asyncProperty(routeMiss(), async (request) => {
        const res = await send(platform.url, request);
        const body = request.method === 'HEAD' ? {} : JSON.parse(res.text || '{}');
        expect({ status: [404, 405].includes(res.status), type: res.headers['content-type'] }).toEqual({
          status: true,
          type: 'application/problem+json; charset=utf-8',
        });
        expect(body.requestId).toBe(res.headers['x-request-id']);
        if (res.status === 405) expect(res.headers.allow).toBeTruthy();
      }),
      { seed, numRuns: runs, endOnFailure: true },
    );
  });
});
