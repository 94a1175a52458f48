import nodemailer from 'nodemailer';
import type { TestPlatform } from '../../../../test/support/platform';

/** Sends `raw` to the platform's bounce listener for `to`, as a remote MTA returns a report (null sender). */
export async function deliverReport(platform: TestPlatform, to: string, raw: string) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: Number(new URL(platform.reportsUrl!).port),
    secure: false,
    ignoreTLS: true,
  });
  try {
    return await transport.sendMail({ envelope: { from: '', to: [to] }, raw });
  } finally {
    transport.close();
  }
}
