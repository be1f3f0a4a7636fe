/** The CSV download the DPE and co-ownership exports share, through HTTP. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendSearchCsv } from './csv.js';

let server: Server;
let url = '';

beforeAll(async () => {
  const app = express();
  app.get('/lots.csv', (_req, res) => {
    const rows = [
      { nom: 'SDC COTE JARDIN', lots: 40, surface: 1234.5 },
      { nom: 'Résidence "Le Parc"; bât. A', lots: null, surface: null },
    ];
    sendSearchCsv(res, 'lots', ['Nom', 'Lots', 'Surface', 'Jour'], rows, (r, today) => [r.nom, r.lots, r.surface, today]);
  });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

describe('sendSearchCsv', () => {
  it('sends a private CSV for Excel named after the Paris day, which each row is given too', async () => {
    // 00:05 in Paris on 27/11/2026, still the 26th in UTC.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T23:05:00Z'));
    let res: Response;
    try {
      res = await fetch(`${url}/lots.csv`);
    } finally {
      vi.useRealTimers();
    }
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="lots-2026-11-27.csv"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      'Nom;Lots;Surface;Jour\r\nSDC COTE JARDIN;40;1234,5;2026-11-27\r\n"Résidence ""Le Parc""; bât. A";;;2026-11-27\r\n',
    );
  });
});
