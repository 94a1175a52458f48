export type Level = 'debug' | 'info' | 'warn' | 'error';
export type Fields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: Fields): void;
  info(message: string, fields?: Fields): void;
  warn(message: string, fields?: Fields): void;
  error(message: string, fields?: Fields): void;
  child(bindings: Fields): Logger;
}

const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

// Field names whose values are never written, whatever the caller passes.
const SECRET_FIELD = /(authorization|secret|password|token|apikey|api_key|privatekey|private_key|^key$)/i;

function redact(fields: Fields): Fields {
  const out: Fields = {};
  for (const [k, v] of Object.entries(fields)) {
    if (SECRET_FIELD.test(k)) out[k] = '[redacted]';
    else if (v instanceof Error) out[k] = { name: v.name, message: v.message, stack: v.stack };
    else out[k] = v;
  }
  return out;
}

/** JSON-lines logger on stdout. `level: 'silent'` writes nothing (tests). */
export function createLogger(options: { level?: Level | 'silent'; bindings?: Fields; write?: (line: string) => void } = {}): Logger {
  const min = options.level === 'silent' ? Infinity : ORDER[options.level ?? 'info'];
  const write = options.write ?? ((line: string) => process.stdout.write(line + '\n'));
  const bindings = options.bindings ?? {};
  const log =
    (level: Level) =>
    (message: string, fields: Fields = {}) => {
      if (ORDER[level] < min) return;
      write(JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...redact(bindings), ...redact(fields) }));
    };
  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    child: (more) => createLogger({ ...options, bindings: { ...bindings, ...more } }),
  };
}
