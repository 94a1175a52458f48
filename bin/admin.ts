import { adminCommand } from '../platform/admin-cli';
import { loadPlatformConfig } from '../platform/config';

adminCommand(process.argv.slice(2), loadPlatformConfig().env, (line) => process.stderr.write(`${line}\n`)).then(
  (out) => process.stdout.write(out + '\n'),
  (err) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
