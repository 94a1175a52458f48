import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { DOCUMENT_PATH } from '../src/openapi';

const ROOT = path.join(__dirname, '..', '..', '..');
const CLI = require.resolve('@redocly/cli/bin/cli.js');

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer?: string }> }>;
}

// Redocly CLI reads redocly.yaml and .redocly.lint-ignore.yaml at the repository root; no telemetry, no update check.
function lint(): LintReport {
  const out = execFileSync(process.execPath, [CLI, 'lint', path.relative(ROOT, DOCUMENT_PATH), '--format=json'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return JSON.parse(out.slice(out.indexOf('{')));
}

describe('openapi.yaml under Redocly lint', () => {
  it('when linted with the recommended rules, then it has no error and at most 5 warnings', () => {
    const report = lint();
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
    expect(problems.filter((p) => p.startsWith('error'))).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect([report.totals.warnings <= 5, problems]).toEqual([true, problems]);
  }, 120_000);
});
