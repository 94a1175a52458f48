import type { Duplex } from 'node:stream';

// Node rejects requests it cannot parse (CR/LF in a header, bad request line) before express sees them;
// answer those in the same problem+json shape as everything else.
export function rejectMalformedRequest(err: NodeJS.ErrnoException, socket: Duplex) {
  if (!socket.writable) return socket.destroy();
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const code = tooLarge ? 'headers_too_large' : 'malformed_request';
  const body = JSON.stringify({
    type: `https://mailplane.dev/problems/${code}`,
    title: tooLarge ? 'Request headers too large' : 'Malformed HTTP request',
    status,
    code,
    detail: 'The HTTP request could not be parsed (for example a header containing CR or LF).',
  });
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `Content-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
