import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

const DIR = path.join(__dirname, '../ops/prometheus');
const promtool = (...args: string[]) => spawnSync('promtool', args, { cwd: DIR, encoding: 'utf8' });
const installed = promtool('--version').status === 0;
if (!installed && process.env.CI === 'true')
  throw new Error('promtool (Debian package prometheus) is required under CI to check the alert rules');
if (!installed)
  console.warn('promtool is not installed (Debian: apt-get install prometheus): ops/prometheus/alerts.yml is NOT checked in this run');

interface Rule {
  alert: string;
  expr: string;
  annotations: { summary?: string; runbook?: string };
  labels?: { severity?: string };
}
const rules: Rule[] = YAML.parse(readFileSync(path.join(DIR, 'alerts.yml'), 'utf8')).groups.flatMap((g: { rules: Rule[] }) => g.rules);

describe('ops/prometheus/alerts.yml', () => {
  it('when read, then every one of its rules tells the on-call person what happened, how bad and what to do', () => {
    expect(rules.length).toBeGreaterThanOrEqual(12);
    for (const rule of rules) {
      expect({ alert: rule.alert, summary: typeof rule.annotations.summary }).toEqual({ alert: rule.alert, summary: 'string' });
      expect({ alert: rule.alert, runbook: rule.annotations.runbook?.includes('\n') }).toEqual({ alert: rule.alert, runbook: false });
      expect(['page', 'ticket']).toContain(rule.labels?.severity);
    }
    expect(new Set(rules.map((r) => r.alert)).size).toBe(rules.length);
  });

  (installed ? it : it.skip)('when checked by promtool, then the rules are valid and Prometheus loads them from its config', () => {
    const check = promtool('check', 'config', 'prometheus.yml');
    expect({ status: check.status, out: check.stdout + check.stderr }).toEqual({
      status: 0,
      out: expect.stringContaining(`SUCCESS: ${rules.length} rules found`),
    });
  });

  (installed ? it : it.skip)(
    'when the cases of alerts.test.yml are run, then each rule fires on its series and stays quiet on the others',
    () => {
      const test = promtool('test', 'rules', 'alerts.test.yml');
      expect({ status: test.status, out: test.stdout + test.stderr }).toEqual({ status: 0, out: expect.stringContaining('SUCCESS') });
    },
  );
});
