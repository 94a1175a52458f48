import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { startTestPlatform, type TestPlatform } from '../../../test/support/platform';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.stop());

describe('the docs assets', () => {
  it.each(['index.html', '..%2Fpackage.json', 'swagger-initializer.js'])(
    'when a file other than the page names is asked for (%s), then 400 and nothing of the package is served',
    async (file) => {
      const res = await request(platform.url).get(`/docs/assets/${file}`);
      expectProblem(res, 400, 'validation_failed', 'getDocsAsset');
    },
  );

  it('when /openapi.json is asked for with a trailing dot-less twin (/openapijson), then it is no route', async () => {
    const res = await request(platform.url).get('/openapijson');
    expectProblem(res, 404, 'route_not_found');
  });
});
