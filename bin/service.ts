import { loadPlatformConfig } from '../platform/config';
import { startDistributed } from '../platform/distributed';
import { startDashboardProcess } from '../platform/dashboard';
import { runProcess } from '../platform/process';
import { SERVICE_NAMES, type ServiceName } from '../platform/services';
import { startTelemetry } from '@mailplane/telemetry';

async function main() {
  const name = process.argv[2] as ServiceName | 'dashboard';
  if (name !== 'dashboard' && !SERVICE_NAMES.includes(name)) {
    throw new Error(`usage: service.ts <${[...SERVICE_NAMES, 'dashboard'].join('|')}>`);
  }
  const config = loadPlatformConfig();
  // Before anything that makes spans; without OTEL_EXPORTER_OTLP_ENDPOINT it loads nothing.
  const telemetry = await startTelemetry(config.telemetry, `mailplane-${name}`);
  const running = await start(name, config);
  return { ...running, stop: () => running.stop().finally(() => telemetry.stop()) };
}

async function start(name: ServiceName | 'dashboard', config: ReturnType<typeof loadPlatformConfig>) {
  if (name === 'dashboard') {
    const dashboard = await startDashboardProcess(config);
    process.stdout.write(`dashboard started at ${dashboard.url}\n`);
    return dashboard;
  }
  const running = await startDistributed(name, config);
  const ops = ` with its ops listener (/metrics, /healthz, /readyz) on ${running.opsUrl}`;
  const tls = running.tlsUrl ? ` (STARTTLS) and ${running.tlsUrl} (TLS)` : '';
  process.stdout.write(`${name} started${running.url ? ` at ${running.url}${tls}` : ''}${ops}\n`);
  return running;
}

runProcess('service', main);
