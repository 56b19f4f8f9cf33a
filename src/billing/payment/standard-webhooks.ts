/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com), as Polar sends them: headers
 * `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature` (space-separated `v1,<base64>`
 * entries), each an HMAC-SHA256 of `<id>.<timestamp>.<raw body>`, computed by the `standardwebhooks`
 * package. Its `verify` is not used: it judges the timestamp by the wall clock, where ours takes `nowMs`.
 */
import { timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

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

// Polar keys the HMAC with the secret's UTF-8 bytes as given in its dashboard, not base64-decoded; its
// SDK hands the package those bytes in base64, which the package decodes back, and so do we.
function sign(secret: string, id: string, timestampS: number, body: string | Buffer): string {
  return new Webhook(Buffer.from(secret, 'utf8').toString('base64')).sign(
    id,
    new Date(timestampS * 1000),
    body,
  );
}

/** Signs a body the way the provider does; used by the sandbox and by tests. */
export function signWebhook(
  secret: string,
  id: string,
  timestampS: number,
  body: string | Buffer,
): SignedHeaders {
  // The package signs whole seconds; the header says the same.
  const seconds = Math.floor(timestampS);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(seconds),
    'webhook-signature': sign(secret, id, seconds, body),
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
  const expected = Buffer.from(sign(secret, id, Number(timestamp), body).slice('v1,'.length), 'base64');
  for (const entry of signatures.split(' ')) {
    const [version, signature] = entry.split(',', 2);
    if (version !== 'v1' || signature === undefined) continue;
    const given = Buffer.from(signature, 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return id;
  }
  throw new WebhookVerificationError('No valid signature.');
}
