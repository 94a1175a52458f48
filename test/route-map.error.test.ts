import { readFileSync } from 'node:fs';
import path from 'node:path';
import { END, routeMap, START } from '../scripts/route-map';

const readme = readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');

describe("README's route map", () => {
  it('when README.md is read, then its route map is the one the code gives now (when not, run `npm run route-map` and commit README.md)', () => {
    const written = readme.slice(readme.indexOf(START), readme.indexOf(END) + END.length);
    expect(written).toEqual(routeMap());
  });

  it('when the map is written, then every operation of the contract has a handler on it', () => {
    expect(routeMap()).not.toContain('| none |');
  });
});
