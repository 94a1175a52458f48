import { writeFileSync, mkdirSync } from 'node:fs';
import { benchConfig } from './config';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/** With BENCH_PROFILE=<dir>, a CPU profile of the measured window only, to <dir>/<name>.cpuprofile (see profile-summary.ts). */
export async function profileWindow(name: string): Promise<() => Promise<void>> {
  const dir = benchConfig.profileDir;
  if (!dir) return async () => {};
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    console.log(`\n  profile: ${file}`);
  };
}

/** With BENCH_PROFILE=<dir>, node arguments that make a spawned process write its CPU profile there when it exits. */
export const profiledNodeArgs = (): string[] =>
  benchConfig.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(benchConfig.profileDir)}`, '--cpu-prof-interval=500'] : [];
