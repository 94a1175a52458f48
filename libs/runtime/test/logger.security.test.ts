import { createLogger, withRequestId } from '../src';

const capture = (level: 'debug' | 'info' | 'silent' = 'info') => {
  const lines: string[] = [];
  return { lines, parsed: () => lines.map((l) => JSON.parse(l)), logger: createLogger({ level, write: (l) => lines.push(l) }) };
};

describe('logger (pino behind our interface)', () => {
  it('when a line is written on behalf of a request, then it carries the request id once, and a bound one wins', () => {
    const { lines, parsed, logger } = capture();
    withRequestId('req_a', () => {
      logger.info('inside');
      logger.child({ requestId: 'req_b' }).info('bound');
    });
    logger.info('outside');
    expect(parsed().map((l) => [l.msg, l.requestId])).toEqual([
      ['inside', 'req_a'],
      ['bound', 'req_b'],
      ['outside', undefined],
    ]);
    expect(lines[1].match(/requestId/g)).toHaveLength(1);
  });

  it('when fields name a secret, then their values are never written', () => {
    const { lines, logger } = capture();
    logger.child({ token: 'tok-123' }).warn('w', { authorization: 'Bearer mp_x_secret', apiKey: 'k-1', key: 'k-2', secretKey: 's' });
    expect(lines.join('\n')).not.toMatch(/tok-123|mp_x_secret|k-1|k-2|"s"/);
    expect(JSON.parse(lines[0])).toMatchObject({ level: 'warn', msg: 'w', authorization: '[redacted]' });
  });

  it('when the level is silent or above the line, then nothing is written', () => {
    const silent = capture('silent');
    silent.logger.error('no');
    const info = capture('info');
    info.logger.debug('no');
    expect([...silent.lines, ...info.lines]).toEqual([]);
  });
});
