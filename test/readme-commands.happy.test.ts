import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startWebhookReceiver, type ReceivedEvent } from '../sandbox/webhook-receiver';
import { PLACEHOLDER, shellCommands, type DocCommand } from './support/doc-commands';
import { eventually } from './support/eventually';
import { banner } from './support/global-setup';
import { ADMIN_TOKEN, startTestPlatform, type TestPlatform } from './support/platform';

const run = promisify(execFile);
const hasCurl = spawnSync('curl', ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasCurl && process.env.CI === 'true') throw new Error('curl is required under CI to run the README commands');
if (!hasCurl) process.stderr.write(banner('SKIPPED the README commands: curl is missing'));

// The pages whose commands a newcomer copies first; each command must answer what the page promises (a 2xx), on
// the embedded default as `npm start` runs it, so a page that drifts from the API fails here.
const pages = ['README.md', 'docs/guides/quick-start.md', 'docs/guides/sending.md', 'docs/guides/webhooks.md', 'docs/guides/inbound.md'];
// Where the pages say things listen: `npm start`'s API, and the webhook receiver of `npm run webhook-receiver`.
const API = 'http://localhost:3000';
const RECEIVER = 'http://127.0.0.1:8080';

interface Outcome {
  at: string;
  command: string;
  status: number;
  body: string;
}

(hasCurl ? describe : describe.skip)('the commands of the README and the guides, run as they are written', () => {
  let platform: TestPlatform;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const events: ReceivedEvent[] = [];
  // The signing secret the pages' endpoint was created with, as its reader keeps it from the one answer that shows it.
  const secrets: string[] = [];
  let scratch: string;
  beforeAll(async () => {
    platform = await startTestPlatform();
    receiver = await startWebhookReceiver({ port: 0, host: '127.0.0.1', secret: () => secrets[0], onEvent: (event) => events.push(event) });
    scratch = mkdtempSync(path.join(tmpdir(), 'mailplane-readme-'));
  });
  afterAll(async () => {
    await receiver?.close();
    await platform?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('when the pages are read, then each has commands to run (the README a send and a read-back, the quick start a scheduled send)', () => {
    const readme = shellCommands('README.md').map((c) => c.text);
    expect(readme).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^curl http:\/\/localhost:3000\/emails /),
        expect.stringMatching(/\/emails\/msg_\.\.\./),
      ]),
    );
    expect(shellCommands('docs/guides/quick-start.md').map((c) => c.text)).toEqual(
      expect.arrayContaining([expect.stringContaining('"scheduledAt":"\'"$')]),
    );
    expect(pages.filter((page) => shellCommands(page).length === 0)).toEqual([]);
  });

  it('when every curl and admin command of the pages is run in order against the platform (the sandbox key; the admin token it was started with), then each answers 2xx (the CLI exits 0), and the webhook endpoint the pages create receives the events', async () => {
    const key = platform.sandboxTenant!.apiKey;
    const ids = new Map<string, string>();
    const variables: Record<string, string> = {};
    const outcomes: Outcome[] = [];
    for (const page of pages)
      for (const command of shellCommands(page)) {
        if (command.text.startsWith('curl ')) {
          const env = { ...variables, MAILPLANE_API_KEY: key };
          const outcome = await runCurl(command, { env, ids, scratch, apiUrl: platform.url, receiverUrl: receiver.url });
          secrets.push(...(outcome.body.match(/whsec_[A-Za-z0-9+/=]+/g) ?? []));
          outcomes.push(outcome);
        } else if (command.text.startsWith('npm run admin')) outcomes.push(await runAdmin(command, platform.url));
        else Object.assign(variables, await assign(command));
      }
    const refused = outcomes.filter((o) => o.status < 200 || o.status > 299);
    expect(refused.map((o) => ({ ...o, body: o.body.slice(0, 300) }))).toEqual([]);
    expect(outcomes.length).toBeGreaterThanOrEqual(10);
    // The endpoint the webhooks guide creates points at the receiver: it gets the events of the sends that follow,
    // and their signatures hold for the `standardwebhooks` package with the secret the creation answered.
    await eventually(
      () => events.some((e) => e.type === 'email.sent' && e.verified === true),
      'a verified email.sent at the receiver',
      15_000,
    );
    expect(events.filter((e) => e.verified === false)).toEqual([]);
  }, 120_000);
});

/** A page's `npm run admin -- …`, with the ADMIN_TOKEN the platform was started with, as the README says to start it. */
async function runAdmin(command: DocCommand, apiUrl: string): Promise<Outcome> {
  const at = `${command.file}:${command.line}`;
  const env = { ...process.env, ADMIN_TOKEN, MAILPLANE_URL: apiUrl };
  return run('bash', ['-c', command.text], { env, encoding: 'utf8' }).then(
    ({ stdout }) => ({ at, command: command.text, status: 200, body: stdout }),
    (err: { stdout?: string; stderr?: string; code?: number }) => ({
      at,
      command: command.text,
      status: 0,
      body: `exit ${err.code}: ${err.stderr}`,
    }),
  );
}

/** A page's `NAME=$(…)`, run as the reader's shell runs it: the value the next commands see as `$NAME`. */
async function assign(command: DocCommand): Promise<Record<string, string>> {
  const name = command.text.slice(0, command.text.indexOf('='));
  const { stdout } = await run('bash', ['-c', `${command.text}\nprintf %s "$${name}"`], { encoding: 'utf8' });
  if (!stdout) throw new Error(`${command.file}:${command.line}: ${command.text} gave nothing`);
  return { [name]: stdout };
}

async function runCurl(
  command: DocCommand,
  context: { env: Record<string, string>; ids: Map<string, string>; scratch: string; apiUrl: string; receiverUrl: string },
): Promise<Outcome> {
  const at = `${command.file}:${command.line}`;
  const text = command.text
    .replaceAll(API, context.apiUrl)
    .replaceAll(RECEIVER, new URL(context.receiverUrl).origin)
    .replace(PLACEHOLDER, (placeholder, prefix: string) => {
      const id = context.ids.get(prefix);
      if (!id) throw new Error(`${at}: ${placeholder} names an id no earlier command's answer gave`);
      return id;
    });
  const bodyFile = path.join(context.scratch, 'body');
  // Every curl of a page writes its answer's status, and its body to a file, whatever options the page gives it.
  const prelude = `curl() { command curl -sS -o "${bodyFile}" -w '%{http_code}' "$@"; }\n`;
  const { stdout } = await run('bash', ['-c', prelude + text], {
    env: { ...process.env, ...context.env },
    encoding: 'utf8',
  }).catch((err: { stdout?: string; stderr?: string }) => {
    throw new Error(`${at}: ${command.text} failed: ${err.stderr ?? err}`);
  });
  const body = readFileSync(bodyFile, 'utf8');
  // The ids an answer holds are what the next commands' placeholders stand for: the first of each kind.
  const seen = new Set<string>();
  for (const [, prefix, rest] of body.matchAll(/\b([a-z]{3})_([0-9a-z]{26})\b/g))
    if (!seen.has(prefix)) {
      seen.add(prefix);
      context.ids.set(prefix, `${prefix}_${rest}`);
    }
  return { at, command: command.text, status: Number(stdout.trim()), body };
}
