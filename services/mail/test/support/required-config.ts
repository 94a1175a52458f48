/** The variables mail's config refuses to start without, set to test values: config tests add what they are about. */
export const REQUIRED_MAIL_ENV = {
  SMTP_URL: 'smtp://127.0.0.1:2525',
  DKIM_KEY_SECRET: 'dkim-key-secret-0123456789abcdef0123',
  PUBLIC_URL: 'http://localhost:3000',
  UNSUBSCRIBE_SECRET: 'unsubscribe-secret-0123456789abcdef0123',
  TRACKING_SECRET: 'tracking-secret-0123456789abcdef0123456',
};
