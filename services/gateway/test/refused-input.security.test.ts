import fc from 'fast-check';
import { operations } from '@mailplane/contracts';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';
import { contractViolations } from './support/fuzz/contract-check';
import { fuzzTenant, snapshot, type FuzzTenant } from './support/fuzz/fixtures';
import { closeAgent, describeRequest, send } from './support/fuzz/http';
import { refusalFor } from './support/fuzz/refusals';
import { OVERSIZE } from './support/fuzz/serialize';

const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const runs = Math.ceil(Number(process.env.FUZZ_RUNS ?? 30) / 2);

let platform: TestPlatform;
let fx: FuzzTenant;
let before: unknown;

beforeAll(async () => {
  process.stderr.write(`refused-input fuzz: seed ${seed} (FUZZ_SEED=${seed} replays it)\n`);
  platform = await startTestPlatform({ BODY_LIMIT_BYTES: String(OVERSIZE) });
  fx = await fuzzTenant(platform);
  before = await snapshot(platform, fx.key);
}, 60_000);
afterAll(async () => {
  closeAgent();
  await platform.stop();
});

describe(`requests the contract refuses change nothing (seed ${seed})`, () => {
  it.each(operations.map((op, i) => [op.operationId, op, i] as const))('%s: refused with a declared 4xx', async (_id, op, i) => {
    await fc.assert(
      fc.asyncProperty(refusalFor(op, fx), async (request) => {
        const res = await send(platform.url, request);
        const violations = [
          ...contractViolations(request, res),
          ...(res.status < 400 ? [`accepted with ${res.status}: ${res.text.slice(0, 200)}`] : []),
        ];
        if (violations.length > 0) throw new Error(`${describeRequest(request)}\n  ${violations.join('\n  ')}`);
      }),
      { seed: seed + i, numRuns: runs, endOnFailure: true },
    );
  });

  it('leaves the keys, messages, identities, endpoints, suppressions and billing state as they were', async () => {
    expect(await snapshot(platform, fx.key)).toEqual(before);
  });
});
