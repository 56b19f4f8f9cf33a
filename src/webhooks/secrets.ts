/**
 * Webhook secrets at rest. Signing needs the secret itself, so it cannot be hashed like an API key.
 * With WEBHOOK_SECRET_KEY set, secrets are sealed with AES-256-GCM under a key derived from it: a
 * copy of the database (a backup, a replica, a dump in a ticket) then reveals no secret without the
 * operator's environment. Whoever controls a running instance (and so its environment) can read them;
 * that is outside what this protects. Without the key, secrets are stored as they are, marked so, and
 * sealed ones stay readable only with the key.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const SEALED = 'aes256gcm:';
const PLAIN = 'plain:';

/** Seals and opens secrets with the operator's key (or stores them plainly without one). */
export interface SecretBox {
  seal(secret: string): string;
  open(stored: string): string;
}

/** A box for `operatorKey` (any string; SHA-256 makes the 256-bit key), or plain storage without. */
export function secretBox(operatorKey: string | undefined): SecretBox {
  const key = operatorKey === undefined ? undefined : createHash('sha256').update(operatorKey).digest();
  return {
    seal(secret) {
      if (!key) return PLAIN + secret;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return SEALED + [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
    },
    open(stored) {
      if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
      if (!stored.startsWith(SEALED)) throw new Error('unknown webhook secret format');
      if (!key) throw new Error('a webhook secret is sealed, and WEBHOOK_SECRET_KEY is not set');
      const [iv, tag, sealed] = stored
        .slice(SEALED.length)
        .split('.')
        .map((b) => Buffer.from(b, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', key, iv!);
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
    },
  };
}
