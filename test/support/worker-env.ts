/** Where global setup leaves each worker's broker and database settings: `<prefix><JEST_WORKER_ID>`, as JSON. */
export const WORKER_ENV_PREFIX = 'MAILPLANE_TEST_WORKER_ENV_';

// Run before each test file (jest's setupFiles): this worker's RabbitMQ and PostgreSQL become the file's; in band, the first.
const mine = process.env[`${WORKER_ENV_PREFIX}${process.env.JEST_WORKER_ID ?? '1'}`];
if (mine) Object.assign(process.env, JSON.parse(mine) as Record<string, string>);
