import { startBanner } from '../platform/banner';
import { startCluster } from '../platform/cluster/cluster';
import { loadPlatformConfig } from '../platform/config';
import { runProcess } from '../platform/process';

async function main() {
  const config = loadPlatformConfig();
  process.stdout.write(`  Starting the cluster (data in ${config.dataDir}) ...\n`);
  const cluster = await startCluster(config, { say: (line) => process.stdout.write(`${line}\n`) });
  process.stdout.write(startBanner(cluster, config.dataDir, cluster.processLines()));
  // `kill -HUP <pid>`: every replica restarted in turn, as an upgrade rolls them (docs/guides/operating.md).
  let rolling: Promise<void> | null = null;
  process.on('SIGHUP', () => {
    if (rolling) return;
    process.stdout.write('  Rolling restart: each replica drained and started again, one at a time ...\n');
    rolling = cluster
      .roll()
      .then(() => void process.stdout.write('  Rolling restart done.\n'))
      .finally(() => (rolling = null));
  });
  return {
    // Each replica drains within its own deadline, one stage after another: give the whole the sum, not one's.
    drainTimeoutMs: 4 * (config.drainDelayMs + config.drainTimeoutMs) + 60_000,
    stop: async () => {
      process.stdout.write('  Stopping: dashboard, gateways, HAProxy, services, sandbox, then RabbitMQ and PostgreSQL ...\n');
      await cluster.stop();
      process.stdout.write('  Stopped; nothing of the cluster is running.\n');
    },
  };
}

runProcess('mailplane cluster', main);
