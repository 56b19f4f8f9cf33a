/**
 * Signatures of outgoing webhooks. Each delivery carries two, so a receiver can check either:
 * - `X-Service-Signature: sha256=<hex>`, an HMAC-SHA256 of the raw body keyed with the secret string's
 *   UTF-8 bytes, `whsec_` prefix included (the GitHub style, checkable with a one-line createHmac);
 * - the Standard Webhooks headers (https://www.standardwebhooks.com) `webhook-id`, `webhook-timestamp`
 *   and `webhook-signature: v1,<base64>`, an HMAC-SHA256 of `<id>.<timestamp>.<body>` keyed, as that
 *   spec says, with the base64-decoded bytes after `whsec_`, so its libraries verify it as they are.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { VERSION } from '../version.js';

/** A new signing secret in the Standard Webhooks format: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The headers of one delivery attempt, both signatures included. */
export function deliveryHeaders(input: {
  secret: string;
  deliveryId: string;
  event: string;
  body: string;
  timestamp: Date;
}): Record<string, string> {
  const seconds = String(Math.floor(input.timestamp.getTime() / 1000));
  const hex = createHmac('sha256', Buffer.from(input.secret, 'utf8')).update(input.body).digest('hex');
  return {
    'Content-Type': 'application/json',
    'User-Agent': `mockhive-webhooks/${VERSION}`,
    'X-Service-Event': input.event,
    'X-Service-Delivery': input.deliveryId,
    'X-Service-Timestamp': seconds,
    'X-Service-Signature': `sha256=${hex}`,
    'webhook-id': input.deliveryId,
    'webhook-timestamp': seconds,
    'webhook-signature': new Webhook(input.secret).sign(input.deliveryId, input.timestamp, input.body),
  };
}
