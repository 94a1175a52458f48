import { adminCommand } from '../platform/admin-cli';
import { loadPlatformConfig } from '../platform/config';

// A secret piped in (create-owner's password); nothing when stdin is a terminal.
async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return '';
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

adminCommand(process.argv.slice(2), loadPlatformConfig().env, (line) => process.stderr.write(`${line}\n`), readStdin).then(
  (out) => process.stdout.write(out + '\n'),
  (err) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
