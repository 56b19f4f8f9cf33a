/**
 * Listening with a graceful stop: stop accepting, let in-flight requests finish within a deadline,
 * then cut what is left, then release resources. Kept apart from server.ts so tests can drive it.
 *
 * The listener also guards connections against clients that hold them: a request must arrive whole
 * within its timeouts (Node answers 408 past them, here with the error envelope), and one remote
 * address may hold only so many connections at once (docs/configuration.md, Connections).
 */
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type Koa from 'koa';
import type { ListenerSettings } from './config.js';
import { type ErrorKey, HttpError } from './errors.js';

export type { ListenerSettings } from './config.js';

export interface Serving {
  readonly server: Server;
  readonly url: string;
  /** Stops accepting, waits for in-flight requests up to `deadlineMs`, then closes the rest. */
  stop(deadlineMs: number): Promise<{ forced: boolean }>;
}

/**
 * How often Node looks for requests past their timeouts. Its default (30 s) would let a request run
 * up to twice its timeout; a walk over the open connections each second is cheap.
 */
const TIMEOUT_CHECK_MS = 1000;

/** Seconds a client over the connection cap is told to wait (a connection of its own may end soon). */
const CAP_RETRY_AFTER_S = 1;

/** Listens on host:port (port 0 picks a free one) and resolves once listening. */
export async function serve(
  app: Koa,
  host: string,
  port: number,
  limits: ListenerSettings,
): Promise<Serving> {
  const handle = app.callback();
  const overCap = new WeakSet<Socket>();
  const server = createServer(
    {
      // Both bound only the receiving of a request: a long streamed response is never cut by them.
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_MS, limits.headersTimeoutMs),
    },
    (req: IncomingMessage, res: ServerResponse) => {
      if (overCap.has(req.socket)) {
        refuseOverCap(res, limits.connectionsPerAddress);
        return;
      }
      void handle(req, res);
    },
  );
  // Keep-alive sockets that sit idle would hold close() open; they are closed on stop.
  server.keepAliveTimeout = 5000;
  if (limits.connectionsPerAddress > 0) capConnections(server, limits.connectionsPerAddress, overCap);
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let stopping: Promise<{ forced: boolean }> | undefined;
  return {
    server,
    url: `http://${hostForUrl}:${address.port}`,
    stop(deadlineMs) {
      stopping ??= new Promise((resolve) => {
        let forced = false;
        const timer = setTimeout(() => {
          forced = true;
          server.closeAllConnections();
        }, deadlineMs);
        timer.unref();
        server.close(() => {
          clearTimeout(timer);
          resolve({ forced });
        });
        server.closeIdleConnections();
      });
      return stopping;
    },
  };
}

/**
 * Counts the admitted connections of each remote address. A connection that finds its address at the
 * cap is not cut at once, so that its client learns why: its first request is answered 429 and the
 * connection closed. Until then the header timeout bounds it like any other.
 */
function capConnections(server: Server, cap: number, overCap: WeakSet<Socket>): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= cap) {
      overCap.add(socket);
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

function refuseOverCap(res: ServerResponse, cap: number): void {
  const error = new HttpError(
    'RATE_LIMIT_EXCEEDED',
    `Too many open connections from your address: at most ${cap} at once. Reuse a connection, or retry after ${CAP_RETRY_AFTER_S} s.`,
  );
  const body = JSON.stringify(error.toEnvelope());
  res.shouldKeepAlive = false;
  res.writeHead(error.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'X-Content-Type-Options': 'nosniff',
    'Retry-After': String(CAP_RETRY_AFTER_S),
    Connection: 'close',
  });
  res.end(body);
}

/** Node's client errors by code: the catalogue key and message the envelope carries. */
const CLIENT_ERRORS: Record<string, { key: ErrorKey; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    key: 'REQUEST_TIMEOUT',
    message: 'The request did not arrive whole in time; send it again, at once.',
  },
  HPE_HEADER_OVERFLOW: { key: 'HEADERS_TOO_LARGE', message: 'The request headers are too large.' },
};

/**
 * Answers what Node's HTTP parser refuses (a request past its timeouts, headers too large, bytes that
 * are not HTTP) with the error envelope instead of Node's bare status line, then closes the connection.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  const known = CLIENT_ERRORS[error.code ?? ''];
  // A reset, or a connection whose response has started, has no one left to answer.
  const answered = (socket as Socket & { _httpMessage?: { headersSent: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || answered?.headersSent) {
    socket.destroy();
    return;
  }
  const httpError = known
    ? new HttpError(known.key, known.message)
    : new HttpError('VALIDATION_ERROR', 'The request is not valid HTTP/1.1.');
  const body = JSON.stringify(httpError.toEnvelope());
  socket.end(
    `HTTP/1.1 ${httpError.status} ${STATUS_CODES[httpError.status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'X-Content-Type-Options: nosniff\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
  // The client may keep sending: once the answer is out, what it sends is not read.
  socket.once('finish', () => socket.destroy());
}
