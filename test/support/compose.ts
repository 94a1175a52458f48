import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

export const ROOT = path.resolve(__dirname, '../..');
export const COMPOSE_FILE = path.join(ROOT, 'docker-compose.yml');
export const run = promisify(execFile);

/** Every credential and secret the file must be given; none may have a default. */
export const REQUIRED = {
  RABBITMQ_PASSWORD: 'rabbit-password',
  POSTGRES_PASSWORD: 'postgres-password',
  GRAFANA_ADMIN_PASSWORD: 'grafana-password',
  ADMIN_TOKEN: 'admin-token-0123456789',
  DKIM_KEY_SECRET: 'dkim-key-secret-0123456789abcdef0123',
  UNSUBSCRIBE_SECRET: 'unsubscribe-secret-0123456789abcdef',
  TRACKING_SECRET: 'tracking-secret-0123456789abcdef0123',
  WEBHOOK_SECRET_KEY: 'webhook-secret-0123456789',
  DASHBOARD_SESSION_SECRET: 'dashboard-session-secret-0123456789abcdef',
  DASHBOARD_HOP_SECRET: 'dashboard-hop-secret-0123456789abcdef012',
  SMTP_URL: 'smtp://mta.example:25',
  SUBMISSION_TLS_DIR: '/etc/mailplane/submission-tls',
};

/** `docker-compose config` with exactly `env` (nothing from the caller's shell leaks in). */
export const composeConfig = (env: Record<string, string>, files = [COMPOSE_FILE]) =>
  run('docker-compose', [...files.flatMap((f) => ['-f', f]), 'config'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env },
  });
