import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Env } from '../../platform/config';
import { startTestPlatform, type TestPlatform } from './platform';

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

export interface InBrowser {
  platform: TestPlatform;
  browser: Browser;
}

/**
 * The embedded platform (on `env`) and Chromium for the tests of the enclosing describe block: started before the
 * first, stopped after the last. Its fields are set once they run, so tests read them there, not when declared.
 */
export function platformInBrowser(env: Env = {}): InBrowser {
  const running = {} as InBrowser;
  beforeAll(async () => {
    running.platform = await startTestPlatform(env);
    running.browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await running.browser?.close();
    await running.platform?.stop();
  });
  return running;
}

/** Where a browser test leaves its screenshots for people to look at: `test-artifacts/<name>`, made if missing. */
export function artifactsDir(name: string): string {
  const dir = path.join(__dirname, '..', '..', 'test-artifacts', name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The uncaught errors of the page's scripts, as they happen: a test ends by expecting none. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Fills the dashboard's sign-in form that `page` shows, as a member, and sends it; the caller waits for where it lands. */
export async function signInWithPassword(page: Page, email: string, password: string, secondFactor?: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (secondFactor) await page.getByLabel(/Authenticator code/).fill(secondFactor);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Opens `start` of the dashboard on `page` (a signed-out visitor is shown the sign-in form there), signs in with a
 * full-access key and waits for the overview.
 */
export async function signInWithKey(page: Page, dashboardUrl: string, key: string, start = '/sign-in') {
  await page.goto(`${dashboardUrl}${start}`);
  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Sign in with the key' }).click();
  await page.waitForURL(/\/overview$/);
}

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string;
  nodes: { target: string[] }[];
}

/** axe-core's violations on the page as shown (evaluated through the debugging protocol: the page's CSP stays on). */
export async function violationsOf(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = (await page.evaluate('axe.run(document).then((r) => r.violations)')) as Violation[];
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The elements that reach past the viewport's right edge (outside the boxes that scroll on their own). */
export const overflowing = (page: Page): Promise<string> =>
  page.evaluate(`Array.from(document.querySelectorAll('body *'))
    .filter((el) => !el.closest('.table-wrap, pre, table') && el.getBoundingClientRect().right > window.innerWidth)
    .map((el) => el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ').join('.') : ''))
    .join(', ')`);
