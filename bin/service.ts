import { loadPlatformConfig } from '../platform/config';
import { startDistributed } from '../platform/distributed';
import { startDashboardProcess } from '../platform/dashboard';
import { runProcess } from '../platform/process';
import { SERVICE_NAMES, type ServiceName } from '../platform/services';

async function main() {
  const name = process.argv[2] as ServiceName | 'dashboard';
  if (name === 'dashboard') {
    const dashboard = await startDashboardProcess(loadPlatformConfig());
    process.stdout.write(`dashboard started at ${dashboard.url}\n`);
    return dashboard;
  }
  if (!SERVICE_NAMES.includes(name)) {
    throw new Error(`usage: service.ts <${[...SERVICE_NAMES, 'dashboard'].join('|')}>`);
  }
  const running = await startDistributed(name, loadPlatformConfig());
  const ops = ` with its ops listener (/metrics, /healthz, /readyz) on ${running.opsUrl}`;
  const tls = running.tlsUrl ? ` (STARTTLS) and ${running.tlsUrl} (TLS)` : '';
  process.stdout.write(`${name} started${running.url ? ` at ${running.url}${tls}` : ''}${ops}\n`);
  return running;
}

runProcess('service', main);
