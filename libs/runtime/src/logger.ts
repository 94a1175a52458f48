import pino from 'pino';
import { currentRequestId } from './request-context';

export type Level = 'debug' | 'info' | 'warn' | 'error';
export type Fields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: Fields): void;
  info(message: string, fields?: Fields): void;
  warn(message: string, fields?: Fields): void;
  error(message: string, fields?: Fields): void;
  child(bindings: Fields): Logger;
}

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

/** JSON-lines pino logger on stdout with the served request's `requestId`; `silent` writes nothing, `write` takes the lines. */
export function createLogger(options: { level?: Level | 'silent'; bindings?: Fields; write?: (line: string) => void } = {}): Logger {
  const write = options.write;
  const destination = write ? { write: (line: string) => write(line.replace(/\n$/, '')) } : pino.destination({ fd: 1, sync: true });
  const root = pino(
    {
      level: options.level ?? 'info',
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      // The served request's id, wherever the line is written from; a child bound to its own keeps it (pino would write it twice).
      mixin: (_fields, _level, logger) => {
        const requestId = currentRequestId();
        return requestId && !('requestId' in logger.bindings()) ? { requestId } : {};
      },
      formatters: { level: (label) => ({ level: label }), log: (o) => redact(o) },
    },
    destination,
  );
  return wrap(options.bindings ? root.child(redact(options.bindings)) : root);
}

function wrap(p: pino.Logger): Logger {
  return {
    debug: (message, fields = {}) => p.debug(fields, message),
    info: (message, fields = {}) => p.info(fields, message),
    warn: (message, fields = {}) => p.warn(fields, message),
    error: (message, fields = {}) => p.error(fields, message),
    child: (bindings) => wrap(p.child(redact(bindings))),
  };
}
