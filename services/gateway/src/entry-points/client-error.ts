import type { Duplex } from 'node:stream';
import { STATUS_CODES } from 'node:http';
import { AppError } from '@mailplane/contracts';
import { newId, PROBLEM_JSON, toProblem } from '@mailplane/runtime';

// Node rejects requests it cannot parse (CR/LF in a header, bad request line) before express sees them;
// answer those in the same problem+json shape as everything else, request id included.
export function rejectMalformedRequest(err: NodeJS.ErrnoException, socket: Duplex) {
  if (!socket.writable) return socket.destroy();
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const requestId = newId('req');
  const problem = toProblem(
    tooLarge
      ? new AppError('headers_too_large')
      : new AppError('malformed_request', 'The HTTP request could not be parsed (for example a header containing CR or LF).'),
    requestId,
  );
  const body = JSON.stringify(problem);
  socket.end(
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\n` +
      `Content-Type: ${PROBLEM_JSON}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
}
