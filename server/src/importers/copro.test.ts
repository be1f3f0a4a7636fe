/**
 * RNIC reader: the register cuts column names at 63 characters; a name the importer knows in full
 * is found by its prefix, and a column that is absent reads as empty, on every line of the file.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { coproImporter } from './copro.js';
import { openInput } from './input.js';

const dir = mkdtempSync(path.join(tmpdir(), 'immoloupe-rnic-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = [
  'numero_d_immatriculation',
  'nombre_total_de_lots',
  // As published: cut at 63 characters.
  'nombre_total_de_lots_a_usage_d_habitation_de_bureaux_ou_de_comm',
  'nombre_de_lots_a_usage_d_habitation',
  'long',
  'lat',
];

async function read(lines: string[]) {
  const file = path.join(dir, `rnic-${lines.length}.csv`);
  writeFileSync(file, `${[HEADER.join(','), ...lines].join('\n')}\n`);
  const rejects: { line: number; reason: string }[] = [];
  const rows = [];
  const input = await openInput(file, path.basename(file));
  for await (const row of coproImporter.rows(input, { fileName: file, reject: (line, reason) => rejects.push({ line, reason }) }))
    rows.push(row);
  return { rows, rejects };
}

const column = (name: string) => coproImporter.columns.findIndex(([n]) => n === name);

describe('RNIC reader', () => {
  it('reads a cut column name by its prefix and an absent column as empty, line after line', async () => {
    const { rows, rejects } = await read(['AA1234567,12,10,8,2.5,48.9', 'AB7654321,3,2,1,,', 'AC0000001,5,x,1,,']);
    expect(rejects).toEqual([{ line: 4, reason: 'nombre de lots à usage d’habitation, de bureaux ou de commerces invalide « x »' }]);
    expect(rows).toHaveLength(2);
    const [first, second] = rows;
    expect(first?.[column('nombre_total_lots')]).toBe(12);
    expect(first?.[column('nombre_lots_habitation_bureaux_commerces')]).toBe(10);
    expect(first?.[column('nombre_lots_habitation')]).toBe(8);
    expect(second?.[column('nombre_lots_habitation_bureaux_commerces')]).toBe(2);
    // No parking lots or construction period in this file.
    expect(first?.[column('nombre_lots_stationnement')]).toBeNull();
    expect(second?.[column('periode_construction')]).toBeNull();
    expect(first?.[column('longitude')]).toBe(2.5);
    expect(second?.[column('longitude')]).toBeNull();
  });
});
