import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';

// One process group: epmd, rabbitmq-server and a watchdog shell. The shell stops the node when the process that
// started it disappears without stopping it (SIGKILL, `timeout`, a crash), so no beam or epmd outlives its owner.
const SUPERVISOR = `
epmd -port "$ERL_EPMD_PORT" & epmd=$!
tries=0
until epmd -names >/dev/null 2>&1 || [ $tries -ge 50 ]; do sleep 0.1; tries=$((tries+1)); done
"$1" & server=$!
stop() { kill -TERM $server 2>/dev/null; wait $server; code=$?; kill $epmd 2>/dev/null; exit $code; }
trap stop TERM INT HUP
while kill -0 "$2" 2>/dev/null && kill -0 $server 2>/dev/null; do sleep 1 & wait $!; done
stop
`;

export interface NodeProcess {
  /** The process group's id (its watchdog shell's pid). */
  pid: number;
  exited(): boolean;
  /** SIGTERM (graceful node stop), SIGKILL after `graceMs`; resolves when the group is gone. */
  stop(graceMs?: number): Promise<void>;
  /** Synchronous last resort for process exit. */
  kill(): void;
}

export function spawnNode(server: string, env: NodeJS.ProcessEnv, cwd: string, logFile: string): NodeProcess {
  // Start-up failures (bad config, port taken) only ever reach stdout/stderr; keep them for the error message.
  const log = openSync(logFile, 'a');
  const child = spawn('sh', ['-c', SUPERVISOR, 'rabbit-supervisor', server, String(process.pid)], {
    env,
    cwd,
    stdio: ['ignore', log, log],
    detached: true,
  });
  closeSync(log);
  const pgid = child.pid as number;
  let exited = false;
  child.once('exit', () => (exited = true));
  const signal = (sig: NodeJS.Signals | 0) => {
    try {
      process.kill(-pgid, sig);
      return true;
    } catch {
      return false; // nothing left in the group
    }
  };
  const kill = () => void signal('SIGKILL');
  process.once('exit', kill);

  return {
    pid: pgid,
    exited: () => exited,
    kill,
    stop: async (graceMs = 15_000) => {
      process.removeListener('exit', kill);
      const killAt = Date.now() + graceMs;
      signal('SIGTERM');
      // Zombies still count as group members; give up a second after SIGKILL rather than wait forever.
      while (signal(0) && Date.now() < killAt + 1000) {
        if (Date.now() >= killAt) signal('SIGKILL');
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}
