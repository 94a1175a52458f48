import { inSpan, startTelemetry } from '@mailplane/telemetry';
import { loadPlatformConfig } from '../../platform/config';
// Every service's modules, as a process of the platform holds them.
import '../../platform/embedded';

/**
 * A process started as bin/service.ts starts (its config, then telemetry) that makes one span, stops, and prints the
 * OpenTelemetry packages it loaded: the test's window on what tracing off costs.
 */
async function main() {
  const telemetry = await startTelemetry(loadPlatformConfig().telemetry, 'mailplane-probe');
  await inSpan('probe', { attributes: { 'mailplane.message_id': 'msg_probe' } }, async () => undefined);
  await telemetry.stop();
  const packages = Object.keys(require.cache).map((file) => /node_modules\/(@opentelemetry\/[^/]+)\//.exec(file)?.[1]);
  process.stdout.write(`loaded ${JSON.stringify([...new Set(packages.filter(Boolean))].sort())}\n`);
}

void main();
