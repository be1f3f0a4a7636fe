/**
 * The metrics endpoint on a port of its own (METRICS_PORT, decision 1401): `GET /metrics` in
 * Prometheus's text format, nothing else, apart from the site's port so that it is never
 * published by the proxy in front of the site.
 */
import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics } from 'prom-client';
import { registry } from './registry.js';

let processMetrics = false;

export function startMetricsServer(options: { port: number; host: string }): Promise<Server> {
  // CPU, memory, event-loop delay, handles: started once, with the first server.
  if (!processMetrics) {
    collectDefaultMetrics({ register: registry });
    processMetrics = true;
  }
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Introuvable\u00a0: seul GET /metrics est servi ici.\n');
      return;
    }
    registry
      .metrics()
      .then((text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text))
      .catch((err: unknown) => {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`Mesures indisponibles\u00a0: ${String(err)}\n`);
      });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
