import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { privateDir } from './local/data-dir';

// Just enough DER (X.690) to write one X.509 v3 certificate: Node reads certificates but cannot make one.
const length = (n: number): Buffer => {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
};
const tlv = (tag: number, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};
const sequence = (...parts: Buffer[]) => tlv(0x30, ...parts);
const oid = (dotted: string) => {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * first + second];
  for (const n of rest) {
    const encoded = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) encoded.unshift(0x80 | (v & 0x7f));
    bytes.push(...encoded);
  }
  return tlv(0x06, Buffer.from(bytes));
};
const utcTime = (at: Date) => tlv(0x17, Buffer.from(`${at.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`));
// A serial number: positive, so a high first bit takes a zero byte before it (and only then: DER forbids padding).
const serialNumber = () => {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] & 0x7f) | 0x40;
  return tlv(0x02, bytes);
};

const ECDSA_WITH_SHA256 = sequence(oid('1.2.840.10045.4.3.2'));
const COMMON_NAME = '2.5.4.3';
const SUBJECT_ALT_NAME = '2.5.29.17';

/** A self-signed ECDSA P-256 certificate for `localhost`, 127.0.0.1 and ::1, valid ten years from `now`. */
export function selfSignedCertificate(commonName: string, now = new Date()): { cert: string; key: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const name = sequence(tlv(0x31, sequence(oid(COMMON_NAME), tlv(0x0c, Buffer.from(commonName)))));
  const altNames = sequence(
    tlv(0x82, Buffer.from('localhost')),
    tlv(0x87, Buffer.from([127, 0, 0, 1])),
    tlv(0x87, Buffer.from([...Array(15).fill(0), 1])),
  );
  const tbs = sequence(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))),
    serialNumber(),
    ECDSA_WITH_SHA256,
    name,
    sequence(utcTime(now), utcTime(new Date(now.getTime() + 10 * 365 * 24 * 3600 * 1000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, sequence(sequence(oid(SUBJECT_ALT_NAME), tlv(0x04, altNames)))),
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = sequence(tbs, ECDSA_WITH_SHA256, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const base64 = der.toString('base64').replace(/.{64}/g, '$&\n');
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${base64.trimEnd()}\n-----END CERTIFICATE-----\n`,
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  };
}

/** Made on first start and kept, so a client that pinned it keeps working across restarts. */
export function localCertificate(dataDir: string): { certFile: string; keyFile: string } {
  const dir = path.join(dataDir, 'submission-tls');
  const files = { certFile: path.join(dir, 'cert.pem'), keyFile: path.join(dir, 'key.pem') };
  if (!existsSync(files.certFile) || !existsSync(files.keyFile)) {
    privateDir(dataDir);
    privateDir(dir);
    const { cert, key } = selfSignedCertificate('Mailplane SMTP submission (self-signed)');
    writeFileSync(files.keyFile, key, { mode: 0o600 });
    writeFileSync(files.certFile, cert);
  }
  return files;
}
