import request from 'supertest';
import { expectProblem } from '../../../test/support/contract';
import { sharedPlatform } from '../../../test/support/platform';

const platform = sharedPlatform();

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

  it('when a guide that does not exist is asked for, then 404 names the index; the index itself is not a guide', async () => {
    for (const name of ['no-such-guide', 'readme']) {
      const res = await request(platform.url).get(`/docs/guides/${name}`);
      expectProblem(res, 404, 'not_found', 'getGuide');
      expect(res.body.detail).toContain('/docs/guides');
    }
  });

  it.each(['..%2F..%2Fpackage.json', 'quick-start.md', 'Quick_Start', 'README', 'a'.repeat(41)])(
    'when a guide name is no name a guide can have (%s), then 400 at /params/guide',
    async (name) => {
      const res = await request(platform.url).get(`/docs/guides/${name}`);
      expectProblem(res, 400, 'validation_failed', 'getGuide');
    },
  );
});
