import { describeWithRabbit } from '../../../test/support/env';
import { createAmqpBroker } from '../src';
import { brokerContract } from './contract';
import { amqpRestartTests } from './amqp-restart';

describeWithRabbit('amqp broker', (url) => {
  brokerContract('amqp', ({ retryBaseMs }) => createAmqpBroker({ url, retry: { baseMs: retryBaseMs } }));
  amqpRestartTests(url);
});
