import t from 'tap';
import {
  signWebhook,
  verifyWebhook,
  WebhookVerificationError,
} from '../../../src/billing/payment/standard-webhooks.js';

t.test('Standard Webhooks signatures', async (t) => {
  const now = Date.UTC(2026, 0, 1);
  const body = '{"type":"order.paid"}';
  const headers = signWebhook('secret', 'msg_1', now / 1000, body);
  t.match(headers['webhook-signature'], /^v1,[A-Za-z0-9+/]+=*$/);
  t.equal(verifyWebhook('secret', headers, body, now), 'msg_1');
  t.equal(verifyWebhook('secret', headers, Buffer.from(body), now + 299_000), 'msg_1', 'within 5 minutes');
  const multi = { ...headers, 'webhook-signature': `v1,AAAA ${headers['webhook-signature']}` };
  t.equal(verifyWebhook('secret', multi, body, now), 'msg_1', 'any one of several signatures');
  // Computed independently: printf '%s' 'msg_1.1767225600.{"type":"order.paid"}' | openssl dgst -sha256 -hmac secret -binary | base64
  t.equal(headers['webhook-signature'], 'v1,s8WGYDKRiK10HZxISSWWgUTTgbZWESLRMPoyjua7Slw=', 'matches openssl');
  const bad: [string, Record<string, string>, string, number][] = [
    ['wrong secret', headers, body, now],
    ['other body', headers, '{"type":"order.paid "}', now],
    ['other id', { ...headers, 'webhook-id': 'msg_2' }, body, now],
    ['stale', headers, body, now + 301_000],
    ['future', headers, body, now - 301_000],
    [
      'v2 scheme',
      { ...headers, 'webhook-signature': headers['webhook-signature'].replace('v1,', 'v2,') },
      body,
      now,
    ],
    [
      'missing id',
      {
        'webhook-timestamp': headers['webhook-timestamp'],
        'webhook-signature': headers['webhook-signature'],
      },
      body,
      now,
    ],
    ['bad timestamp', { ...headers, 'webhook-timestamp': 'soon' }, body, now],
  ];
  for (const [name, h, b, at] of bad) {
    t.throws(
      () => verifyWebhook(name === 'wrong secret' ? 'other' : 'secret', h, b, at),
      WebhookVerificationError,
      name,
    );
  }
});
