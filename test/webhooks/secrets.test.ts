import t from 'tap';
import { secretBox } from '../../src/webhooks/secrets.js';

t.test('sealed with the operator key: unreadable in storage, opened only with that key', async (t) => {
  const box = secretBox('an operator key of some length');
  const sealed = box.seal('whsec_c2VjcmV0');
  t.match(sealed, /^aes256gcm:/);
  t.notOk(sealed.includes('c2VjcmV0'), 'the secret does not show');
  t.not(box.seal('whsec_c2VjcmV0'), sealed, 'a fresh nonce each time');
  t.equal(box.open(sealed), 'whsec_c2VjcmV0');
  t.throws(() => secretBox('another operator key').open(sealed), 'another key cannot open it');
  t.throws(() => secretBox(undefined).open(sealed), /WEBHOOK_SECRET_KEY is not set/);
  const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
  t.throws(() => box.open(tampered), 'a changed ciphertext is refused');
});

t.test('without a key, secrets are kept as they are, marked so', async (t) => {
  const plain = secretBox(undefined).seal('whsec_abc');
  t.equal(plain, 'plain:whsec_abc');
  t.equal(
    secretBox('an operator key of some length').open(plain),
    'whsec_abc',
    'readable after a key is set',
  );
  t.throws(() => secretBox(undefined).open('rot13:abc'), /unknown/);
});
