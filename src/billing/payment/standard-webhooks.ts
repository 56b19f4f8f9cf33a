/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com), as Polar sends them: headers
 * `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature` (space-separated `v1,<base64>`
 * entries), each an HMAC-SHA256 of `<id>.<timestamp>.<raw body>`. Polar's SDK keys the HMAC with the
 * secret's UTF-8 bytes as given in its dashboard, and so do we.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Notifications older or newer than this are refused, so a captured one cannot be replayed later. */
export const TIMESTAMP_TOLERANCE_S = 5 * 60;

// A type alias (not an interface) so it is assignable to a plain header record.
export type SignedHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/** Why a notification was refused; the message is safe to send back (it holds no secret). */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}

function hmac(secret: string, id: string, timestamp: string, body: string | Buffer): Buffer {
  return createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${id}.${timestamp}.`)
    .update(body)
    .digest();
}

/** Signs a body the way the provider does; used by the sandbox and by tests. */
export function signWebhook(
  secret: string,
  id: string,
  timestampS: number,
  body: string | Buffer,
): SignedHeaders {
  const timestamp = String(timestampS);
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${hmac(secret, id, timestamp, body).toString('base64')}`,
  };
}

/**
 * Verifies the signature and the timestamp of a notification; returns its id (for deduplication).
 * Throws WebhookVerificationError on a missing header, a stale or future timestamp or a bad signature.
 */
export function verifyWebhook(
  secret: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  body: string | Buffer,
  nowMs: number,
): string {
  const header = (name: keyof SignedHeaders): string => {
    const value = headers[name];
    const text = Array.isArray(value) ? value[0] : value;
    if (!text) throw new WebhookVerificationError(`Missing ${name} header.`);
    return text;
  };
  const id = header('webhook-id');
  const timestamp = header('webhook-timestamp');
  const signatures = header('webhook-signature');
  if (!/^\d{1,12}$/.test(timestamp)) throw new WebhookVerificationError('Invalid webhook-timestamp.');
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > TIMESTAMP_TOLERANCE_S) {
    throw new WebhookVerificationError('The webhook-timestamp is too old or too new.');
  }
  const expected = hmac(secret, id, timestamp, body);
  for (const entry of signatures.split(' ')) {
    const [version, signature] = entry.split(',', 2);
    if (version !== 'v1' || signature === undefined) continue;
    const given = Buffer.from(signature, 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return id;
  }
  throw new WebhookVerificationError('No valid signature.');
}
