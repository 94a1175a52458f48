import type { Duplex } from 'node:stream';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { AppError, type ErrorCode } from '@mailplane/contracts';
import { newId, PROBLEM_JSON, toProblem } from '@mailplane/runtime';

// After answering, the connection is given this long to close from the client's side before it is destroyed.
const LINGER_MS = 1000;

const PARSER_ERRORS: Record<string, { code: ErrorCode; detail?: string }> = {
  HPE_HEADER_OVERFLOW: { code: 'headers_too_large', detail: 'The request line and headers may take at most 16 KiB.' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { code: 'payload_too_large', detail: 'The chunk extensions are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'request_timeout', detail: 'The request was not received in time.' },
};
const UNPARSABLE = {
  code: 'malformed_request' as const,
  detail: 'The HTTP request could not be parsed (for example a header containing CR, LF or NUL, or an invalid Content-Length).',
};

/** The response express is writing on this socket, if a request got that far (a bad chunk arrives after it started). */
const inFlight = (socket: Duplex) => (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;

function writeProblem(socket: Duplex, err: AppError, requestId: string, extraHeaders = '') {
  const problem = toProblem(err, requestId);
  const body = JSON.stringify(problem);
  socket.end(
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\n` +
      `Content-Type: ${PROBLEM_JSON}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\n` +
      `${extraHeaders}Connection: close\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/** Node rejects requests it cannot parse before express sees them; a response already started gets no second one. */
export function rejectMalformedRequest(err: NodeJS.ErrnoException, socket: Duplex) {
  const response = inFlight(socket);
  if (!socket.writable || response?.headersSent) return socket.destroy();
  const known = PARSER_ERRORS[err.code ?? ''] ?? UNPARSABLE;
  const requestId = String(response?.getHeader('x-request-id') ?? newId('req'));
  writeProblem(socket, new AppError(known.code, known.detail), requestId);
}

/** CONNECT is no method of this API; without this, Node would drop the connection without an answer. */
export function refuseConnect(_req: IncomingMessage, socket: Duplex) {
  const err = new AppError('method_not_allowed', 'CONNECT is not a method of this API.');
  writeProblem(socket, err, newId('req'), 'Allow: GET, POST, PATCH, DELETE\r\n');
}
