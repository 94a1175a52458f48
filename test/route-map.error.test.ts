import { readFileSync } from 'node:fs';
import path from 'node:path';
import { END, routeMap, START } from '../scripts/route-map';

const page = readFileSync(path.join(__dirname, '..', 'docs', 'routes.md'), 'utf8');

describe('the route map of docs/routes.md', () => {
  it('when docs/routes.md is read, then its route map is the one the code gives now (when not, run `npm run route-map` and commit docs/routes.md)', () => {
    const written = page.slice(page.indexOf(START), page.indexOf(END) + END.length);
    expect(written).toEqual(routeMap());
  });

  it('when the map is written, then every operation of the contract has a handler on it', () => {
    expect(routeMap()).not.toContain('| none |');
  });
});
