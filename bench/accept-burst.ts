// The burst part of `npm run bench` alone (`BENCH_PARTS=burst`), see BENCHMARKS.md:
// `npx tsx -C mailplane-source bench/accept-burst.ts [N]`; BENCH_MODES picks the modes.
import { acceptFigures } from './accept-capacity';
import { burstTable } from './accept-report';
import type { AcceptMode } from './accept-targets';
import { benchConfig } from './config';

async function main() {
  const n = Number(process.argv[2] ?? benchConfig.burstN);
  const figures = [];
  for (const mode of ['baseline', 'embedded', 'distributed'] as AcceptMode[]) {
    if (!benchConfig.burstModes.has(mode)) continue;
    figures.push((await acceptFigures(mode, { rates: [], seconds: 0, burstN: n })).burst!);
  }
  console.log(burstTable(figures));
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
