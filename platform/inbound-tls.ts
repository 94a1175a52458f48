import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from 'selfsigned';

/**
 * The embedded default's STARTTLS certificate for the inbound listener: self-signed for `host`, made once under
 * `DATA_DIR/inbound-tls` (the key readable by its owner only), as a local MTA's snake-oil certificate is. Senders
 * use STARTTLS opportunistically and accept it; in the distributed mode INBOUND_TLS_CERT/KEY name real ones.
 */
export async function localInboundCertificate(dataDir: string, host: string): Promise<{ certFile: string; keyFile: string }> {
  const dir = path.join(dataDir, 'inbound-tls');
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  if (existsSync(certFile) && existsSync(keyFile)) return { certFile, keyFile };
  const made = await generate([{ name: 'commonName', value: host }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 10 * 365 * 24 * 3600 * 1000),
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: host },
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  mkdirSync(dir, { recursive: true });
  writeFileSync(keyFile, made.private, { mode: 0o600 });
  writeFileSync(certFile, made.cert);
  return { certFile, keyFile };
}
