import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

/**
 * `describe` when Debian's Chromium is installed, `describe.skip` with a warning otherwise; under CI a missing
 * browser fails the run instead of silently skipping what `what` tests.
 */
export function describeInBrowser(what: string): jest.Describe {
  if (existsSync(CHROMIUM)) return describe;
  if (process.env.CI === 'true') throw new Error(`${CHROMIUM} is required under CI for the ${what} test`);
  console.warn(`${CHROMIUM} is not installed: the ${what} is NOT tested in a browser in this run`);
  return describe.skip;
}

/** Headless Chromium as root on a machine with no network: no sandbox, no background connections. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
