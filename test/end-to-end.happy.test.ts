import { endToEndChecks } from './support/end-to-end';
import { startTestPlatform, type TestPlatform } from './support/platform';

// The checks test/cluster.happy.test.ts runs on the cluster, here on what they are the reference of: the embedded default.
describe('the embedded default, end to end', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ SEND_RATE_LIMIT: '1000' });
  });
  afterAll(() => platform.stop());

  endToEndChecks(
    () => platform,
    () => platform.sandboxTenant!.apiKey,
  );
});
