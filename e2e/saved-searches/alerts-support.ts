/**
 * What the alert journeys share: newer DVF sales made from the 2022 Bondy sample, the admin page's
 * import followed to its end, and the scheduler's test hook that runs the daily alerts now.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { BONDY, type FixtureSale } from '../../server/src/features/alerts/testing/dvf-fixture.ts';
import { SHARED_DATA } from '../support/server.js';

/** The 2022 Bondy DVF sample, relative to ../shared/data. */
export const SAMPLE = 'dvf/valeursfoncieres-2022_93010_bondy.txt';

/**
 * Sales of the sample (its flats and houses, their street, parcel, surface and price) sold again
 * in 2023 under new ids: what a newer DVF release brings. Positions are Bondy's (the sample has none).
 */
export function newerSales(count: { appartement: number; maison: number }, tag: string): FixtureSale[] {
  const lines = readFileSync(path.join(SHARED_DATA, SAMPLE), 'utf8').split('\n').slice(1);
  const out: FixtureSale[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    const f = line.split('|');
    const type = f[36] === 'Appartement' ? 'appartement' : f[36] === 'Maison' ? 'maison' : null;
    const surface = Number(f[38]);
    const price = Number((f[10] ?? '').replace(',', '.'));
    const key = `${f[11]} ${f[15]}`;
    if (!type || out.filter((s) => s.type === type).length >= count[type] || !surface || !price || seen.has(key)) continue;
    seen.add(key);
    const n = out.length + 1;
    out.push({
      id: `2023-${tag}-${n}`,
      date: `2023-${String(2 + n).padStart(2, '0')}-15`,
      type,
      surface,
      price: Math.round(price * 1.04),
      street: [f[13], f[15]].filter(Boolean).join(' '),
      lon: BONDY.lon + n * 0.001,
      lat: BONDY.lat,
      parcel: `93010000${(f[21] ?? '').padStart(2, '0')}${(f[22] ?? '').padStart(4, '0')}`,
    });
  }
  return out;
}

/** The admin page's upload form, then the import job followed to its end. */
export async function importFromAdmin(baseUrl: string, page: Page, file: string): Promise<void> {
  await page.goto(`${baseUrl}/pro/admin`);
  await page.getByRole('tab', { name: 'Imports de données' }).click();
  const form = page.getByRole('form', { name: 'Un fichier de cet ordinateur' });
  await form.locator('input[type="file"]').setInputFiles(file);
  await form.getByRole('button', { name: 'Envoyer et importer' }).click();
  await page.getByText(`Import lancé\u00a0: Fichier ${path.basename(file)}.`).waitFor();
  const until = Date.now() + 90_000;
  for (;;) {
    const { jobs } = (await (await page.request.get(`${baseUrl}/api/admin/imports`)).json()) as {
      jobs: { label: string; status: string; message: string | null }[];
    };
    const job = jobs.find((j) => j.label === `Fichier ${path.basename(file)}`);
    if (job && job.status !== 'running') {
      expect(job.status, job.message ?? '').toBe('succeeded');
      return;
    }
    if (Date.now() > until) throw new Error(`import of ${file} not finished`);
    await page.waitForTimeout(500);
  }
}

/** The test hook of the scheduler: what the daily cron runs, now. */
export async function runAlertsNow(
  baseUrl: string,
  page: Page,
): Promise<{ digests: number; sent: number; rows: number; failed: number; notifications: number }> {
  const csrf = (await page.context().cookies(baseUrl)).find((c) => c.name === 'immoloupe.csrf')?.value ?? '';
  const res = await page.request.post(`${baseUrl}/api/admin/alerts/run`, {
    headers: { 'x-csrf-token': csrf },
    data: { frequency: 'daily' },
  });
  expect(res.status()).toBe(200);
  return res.json();
}
