/**
 * Listening with a graceful stop: stop accepting, let in-flight requests finish within a deadline,
 * then cut what is left, then release resources. Kept apart from server.ts so tests can drive it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';

export interface Serving {
  readonly server: Server;
  readonly url: string;
  /** Stops accepting, waits for in-flight requests up to `deadlineMs`, then closes the rest. */
  stop(deadlineMs: number): Promise<{ forced: boolean }>;
}

/** Listens on host:port (port 0 picks a free one) and resolves once listening. */
export async function serve(app: Koa, host: string, port: number): Promise<Serving> {
  const server = createServer(app.callback());
  // Keep-alive sockets that sit idle would hold close() open; they are closed on stop.
  server.keepAliveTimeout = 5000;
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
