import { lookup } from 'node:dns/promises';
import t from 'tap';
import {
  forbiddenAddress,
  guardedLookup,
  literalAddress,
  webhookUrlProblem,
} from '../../src/webhooks/address.js';

t.test('forbiddenAddress refuses every class but public unicast', async (t) => {
  const refused: [string, string][] = [
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:7f00:1', 'loopback'],
    // IPv6 forms that embed an IPv4 address are judged as the address they embed.
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['::7f00:1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['::a00:1', 'private'],
    ['::a9fe:a9fe', 'linkLocal'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['::ffff:0:192.168.0.1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:a9fe:a9fe:1::1', 'linkLocal'],
    // Embeddings that are not fixed stay refused by their own range.
    ['64:ff9b:1::808:808', 'rfc6052'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
    ['not an address', 'invalid'],
  ];
  for (const [ip, range] of refused) t.equal(forbiddenAddress(ip), range, ip);
  const allowed = [
    '8.8.8.8',
    '1.1.1.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '::808:808',
    '64:ff9b::808:808', // what DNS64 answers for a public IPv4-only name
    '2002:808:808::1',
  ];
  for (const ip of allowed) {
    t.equal(forbiddenAddress(ip), undefined, ip);
  }
});

t.test('literalAddress unwraps bracketed IPv6 and leaves DNS names', async (t) => {
  t.equal(literalAddress('[::1]'), '::1');
  t.equal(literalAddress('127.0.0.1'), '127.0.0.1');
  t.equal(literalAddress('example.com'), undefined);
});

t.test('webhookUrlProblem', async (t) => {
  t.equal(webhookUrlProblem('https://hooks.example.com/mockhive?x=1'), undefined);
  t.equal(webhookUrlProblem('http://8.8.8.8:8080/'), undefined);
  const bad: [string, RegExp][] = [
    ['ftp://example.com/', /http or https/],
    ['javascript:alert(1)', /http or https/],
    ['https://user:pass@example.com/', /user name or password/],
    ['https://user@example.com/', /user name or password/],
    ['https://example.com/#frag', /fragment/],
    ['https://example.com/#', /fragment/],
    [`https://example.com/${'a'.repeat(2048)}`, /longer than 2048/],
    ['http://', /not a valid/],
    ['/relative/path', /not a valid/],
    ['http://127.0.0.1/', /loopback/],
    ['http://[::1]:8080/', /loopback/],
    ['http://[::ffff:127.0.0.1]/', /loopback/],
    ['http://[::127.0.0.1]:8080/', /loopback/],
    ['http://[::10.0.0.1]/', /private/],
    ['http://[::ffff:0:127.0.0.1]/', /loopback/],
    ['http://[64:ff9b::127.0.0.1]/', /loopback/],
    ['http://[64:ff9b::192.168.1.1]/', /private/],
    ['http://[2002:7f00:1::1]/', /loopback/],
    ['http://[2002:a00:1::1]/', /private/],
    ['http://2130706433/', /loopback/],
    ['http://0x7f.1/', /loopback/],
    ['http://0.0.0.0/', /unspecified/],
    ['http://169.254.169.254/latest/meta-data/', /linkLocal/],
  ];
  for (const [url, problem] of bad) t.match(webhookUrlProblem(url), problem, url.slice(0, 40));
  t.equal(webhookUrlProblem('http://127.0.0.1:3000/', { allowPrivate: true }), undefined, 'allowPrivate');
  t.equal(webhookUrlProblem('http://localhost:3000/'), undefined, 'names are judged at connect time');
});

function resolve(host: string, allowPrivate: boolean, all: boolean): Promise<unknown> {
  return new Promise((done) => {
    guardedLookup(allowPrivate)(host, { all }, (error, address, family) =>
      done(error ?? { address, family }),
    );
  });
}

t.test('guardedLookup judges every resolved address, in both callback forms', async (t) => {
  const expected = await lookup('localhost', { all: true });
  for (const all of [false, true]) {
    const refused = await resolve('localhost', false, all);
    t.match(refused, { code: 'ERR_WEBHOOK_FORBIDDEN_ADDRESS', message: /^localhost resolves to a loopback/ });
    const allowed = await resolve('localhost', true, all);
    if (all) t.same(allowed, { address: expected, family: undefined }, 'all: true gives the list');
    else t.same(allowed, { address: expected[0]!.address, family: expected[0]!.family }, 'one address');
  }
  // A name may resolve to an IPv6 form of a private IPv4 address: lookup answers a literal as itself.
  const embedded: [string, string][] = [
    ['::7f00:1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:c0a8:101::1', 'private'],
    ['::ffff:0:7f00:1', 'loopback'],
  ];
  for (const [host, range] of embedded) {
    t.match(
      await resolve(host, false, false),
      { code: 'ERR_WEBHOOK_FORBIDDEN_ADDRESS', message: range },
      host,
    );
  }
  t.match(await resolve('64:ff9b::808:808', false, false), { address: '64:ff9b::808:808', family: 6 });
  t.match(await resolve('no-such-host.invalid', true, false), { code: /ENOTFOUND|EAI_AGAIN/ });
});
