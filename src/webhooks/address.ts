/**
 * The SSRF guard for outgoing webhooks: a customer's URL must reach a public unicast address. The
 * address is judged when the socket connects (in the `lookup` hook), on every attempt, so a name that
 * resolved to a public address at registration and to a private one later (DNS rebinding) is refused.
 */
import { lookup } from 'node:dns';
import { createRequire } from 'node:module';
import { isIP, type LookupFunction } from 'node:net';
import type * as Ipaddr from 'ipaddr.js';

// ipaddr.js declares `export =` without a default, which a default import cannot type without
// allowSyntheticDefaultImports; require keeps its own typings.
const ipaddr = createRequire(import.meta.url)('ipaddr.js') as typeof Ipaddr;

/** Longest URL a customer may register. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Raised (as a connection error) when a host resolves to an address webhooks may not reach. */
export class ForbiddenAddressError extends Error {
  override name = 'ForbiddenAddressError';
  readonly code = 'ERR_WEBHOOK_FORBIDDEN_ADDRESS';
}

/** The range name (ipaddr.js's) of an address that is not public unicast, 'invalid' if unparseable. */
export function forbiddenAddress(ip: string): string | undefined {
  if (!ipaddr.isValid(ip)) return 'invalid';
  const parsed = ipaddr.parse(ip);
  const judged = parsed.kind() === 'ipv6' ? (embeddedIPv4(parsed as Ipaddr.IPv6) ?? parsed) : parsed;
  const range = judged.range();
  return range === 'unicast' ? undefined : range;
}

const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

/**
 * The IPv4 address an IPv6 address stands for, where the network (a stack, a NAT64 translator, a
 * 6to4 relay) may carry packets on to it: such an address is judged as the IPv4 address it embeds, or
 * ::ffff:127.0.0.1, ::127.0.0.1 (WHATWG writes it ::7f00:1), 64:ff9b::10.0.0.1 or 2002:7f00:1:: would
 * reach a private host. Forms whose embedding is not fixed (NAT64 local-use prefixes, Teredo's
 * obfuscated client) are left to their own range, which is refused.
 */
function embeddedIPv4(address: Ipaddr.IPv6): Ipaddr.IPv4 | undefined {
  const bytes = address.toByteArray();
  const last = () => new ipaddr.IPv4(bytes.slice(12, 16));
  switch (address.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d, IPv4-translated
      return last();
    case 'rfc6052':
      return address.match(NAT64_WELL_KNOWN) ? last() : undefined;
    case '6to4': // 2002:aabb:ccdd::/48
      return new ipaddr.IPv4(bytes.slice(2, 6));
    case 'unicast':
      // IPv4-compatible (::a.b.c.d, deprecated); :: and ::1 have ranges of their own.
      return address.match(IPV4_COMPATIBLE) ? last() : undefined;
    default:
      return undefined;
  }
}

/** The host of a URL as an IP address, or undefined for a DNS name (WHATWG brackets IPv6). */
export function literalAddress(hostname: string): string | undefined {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(host) === 0 ? undefined : host;
}

/** A `lookup` for http(s).request that refuses hosts with any forbidden address, unless allowPrivate. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    // Resolve every address even when one is asked for: Node's autoSelectFamily asks for all, and a
    // name with one private address among public ones is refused whichever the socket would pick.
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      if (!allowPrivate) {
        for (const { address } of addresses) {
          const range = forbiddenAddress(address);
          if (range !== undefined) {
            return callback(
              new ForbiddenAddressError(`${hostname} resolves to a ${range} address (${address}).`),
              '',
            );
          }
        }
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (first === undefined) {
        return callback(Object.assign(new Error(`${hostname} has no address.`), { code: 'ENOTFOUND' }), '');
      }
      callback(null, first.address, first.family);
    });
  };
}

/** Why a URL cannot be registered as a webhook target (a message for the customer), or undefined. */
export function webhookUrlProblem(url: string, options: { allowPrivate?: boolean } = {}): string | undefined {
  if (url.length > MAX_WEBHOOK_URL_LENGTH) {
    return `The URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters.`;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'The URL is not a valid absolute URL.';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'The URL must use http or https.';
  if (parsed.username !== '' || parsed.password !== '') {
    return 'The URL must not hold a user name or password.';
  }
  if (parsed.hostname === '') return 'The URL has no host.';
  if (parsed.href.includes('#')) return 'The URL must not have a fragment.';
  const literal = literalAddress(parsed.hostname);
  const range = literal === undefined || options.allowPrivate ? undefined : forbiddenAddress(literal);
  if (range !== undefined) {
    return `The URL points to a ${range} address; webhooks go to public addresses only.`;
  }
  return undefined;
}
