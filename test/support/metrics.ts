import request from 'supertest';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.eE+-]+|[Nn][Aa][Nn]|[+-]Inf)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/g;

/**
 * Parses the Prometheus text exposition (0.0.4) strictly: every family has one HELP and one TYPE before its
 * samples, every sample line is `name{labels} value` (NaN in any case, as Prometheus reads it). Throws naming the first line that is not.
 */
export function parseExposition(text: string): Sample[] {
  const typed = new Map<string, string>();
  const helped = new Set<string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (meta) {
      const [, kind, name, rest] = meta;
      const seen = kind === 'HELP' ? helped.has(name) : typed.has(name);
      if (seen) throw new Error(`second ${kind} for ${name}`);
      if (kind === 'HELP') helped.add(name);
      else if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(rest)) throw new Error(`bad TYPE: ${line}`);
      else typed.set(name, rest);
      continue;
    }
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const [, name, rawLabels, value] = m;
    const family = typed.has(name) ? name : name.replace(/_(bucket|sum|count|total|created)$/, '');
    if (!typed.has(family) && !typed.has(name)) throw new Error(`sample before its TYPE: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (rawLabels ?? '').matchAll(LABEL)) labels[l[1]] = l[2];
    samples.push({ name, labels, value: Number(value) });
  }
  return samples;
}

/** Reads /metrics and parses it; the sum of the samples named `name` whose labels include `labels`. */
export async function scrape(url: string, headers: Record<string, string> = {}) {
  const res = await request(url).get('/metrics').set(headers);
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}: ${res.text}`);
  const samples = parseExposition(res.text);
  return {
    res,
    samples,
    value: (name: string, labels: Record<string, string> = {}) =>
      samples
        .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
        .reduce((sum, s) => sum + s.value, 0),
  };
}
