/**
 * What answers at a host and port, for the message of a connection that failed in a way that suggests
 * the wrong kind of server (a mysql:// URL on PostgreSQL's port waits for a greeting PostgreSQL never
 * sends). Used only after a failure, so a working connection costs nothing.
 */
import { connect } from 'node:net';

/** PostgreSQL's SSLRequest: length 8, code 80877103. A PostgreSQL server answers one byte, S or N. */
const SSL_REQUEST = Buffer.from([0, 0, 0, 8, 4, 210, 22, 47]);
/** How long the probe waits for an answer: it only picks the message, never the exit code. */
const PROBE_MS = 3000;

/** True when a PostgreSQL server answers at `host`:`port`. */
export function answersAsPostgres(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: PROBE_MS });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.once('connect', () => socket.write(SSL_REQUEST));
    socket.once('data', (data) => done(data.length === 1 && (data[0] === 0x53 || data[0] === 0x4e)));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
    socket.once('close', () => done(false));
  });
}

/** True when a MariaDB/MySQL server greets at `host`:`port`: its first packet, protocol version 10. */
export function greetsAsMysql(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: PROBE_MS });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    // A packet: 3 bytes of length, sequence 0, then the protocol version (10) or an error packet (0xff,
    // such as "host is blocked").
    socket.once('data', (data) =>
      done(data.length > 4 && data[3] === 0 && (data[4] === 10 || data[4] === 0xff)),
    );
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
    socket.once('close', () => done(false));
  });
}

/** The host and port of a database URL, `fallback` the scheme's default port. */
export function hostPort(url: string, fallback: number): { host: string; port: number } {
  const parsed = new URL(url);
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1') || 'localhost',
    port: parsed.port === '' ? fallback : Number(parsed.port),
  };
}
