// TOTP secrets are kept encrypted (AES-256-GCM) rather than hashed: the server must read them back to
// check a code. The key is derived from the session secret (HKDF), so a copy of the database alone does
// not reveal them and no new secret has to be configured; a secret is never logged.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export interface TotpSecrets {
  seal(secret: string): string;
  open(sealed: string): string;
}

export function createTotpSecrets(sessionSecret: string): TotpSecrets {
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, '', 'datafeeds staff totp secret', 32));
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined)
        throw new Error('not a sealed TOTP secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
