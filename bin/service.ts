import { loadPlatformConfig } from '../platform/config';
import { startDistributed } from '../platform/distributed';
import { SERVICE_NAMES, type ServiceName } from '../platform/services';

async function main() {
  const name = process.argv[2] as ServiceName;
  if (!SERVICE_NAMES.includes(name)) {
    throw new Error(`usage: service.ts <${SERVICE_NAMES.join('|')}>`);
  }
  const running = await startDistributed(name, loadPlatformConfig());
  process.stdout.write(`${name} started${running.url ? ` at ${running.url}` : ''}\n`);
  const shutdown = async () => {
    await running.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((err) => {
  process.stderr.write(`service failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
