import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { detectSource, foldHeader } from './detect.js';
import { SAMPLES } from './test-samples.js';

const head = (path: string) => {
  const buf = readFileSync(path);
  return (path.endsWith('.gz') ? gunzipSync(buf) : buf).toString('utf8').slice(0, 65536);
};

describe('source detection', () => {
  it('recognises every sample from its header', () => {
    expect(detectSource(head(SAMPLES.dvfAbzac), 'a.csv')).toBe('dvf');
    expect(detectSource(head(SAMPLES.dvfHendaye), 'b.csv')).toBe('dvf');
    expect(detectSource(head(SAMPLES.dvfRawBondy), 'c.txt')).toBe('dvf-raw');
    expect(detectSource(head(SAMPLES.dvfRawAin), 'd.txt')).toBe('dvf-raw');
    expect(detectSource(head(SAMPLES.cadastreBondy(2025)), 'e.json.gz')).toBe('cadastre');
    expect(detectSource(head(SAMPLES.cadastreParis18), 'f.json')).toBe('cadastre');
    expect(detectSource(head(SAMPLES.banBondy), 'g.csv')).toBe('ban');
    expect(detectSource(head(SAMPLES.rnicBondy), 'h.csv')).toBe('copro');
    expect(detectSource(head(SAMPLES.dpeExistant), 'i.csv')).toBe('dpe');
    expect(detectSource(head(SAMPLES.dpeNeufs), 'j.csv')).toBe('dpe');
  });

  it('refuses an unknown file and an empty one in French; knows cadastre buildings from parcels', () => {
    expect(() => detectSource('nom;prenom\nA;B', 'x.csv')).toThrow(/Type de fichier non reconnu pour « x\.csv »/);
    expect(() => detectSource('', 'vide.csv')).toThrow(/est vide/);
    expect(detectSource('{"type":"FeatureCollection","features":[]}', 'cadastre-93010-batiments.json')).toBe('batiments');
    expect(
      detectSource('{"type":"FeatureCollection","features":[\n{"type":"Feature","properties":{"type":"01","commune":"93010"}}]}', 'b.json'),
    ).toBe('batiments');
    expect(
      detectSource(
        '{"type":"FeatureCollection","features":[\n{"type":"Feature","properties":{"id":"93010000AB0001","contenance":120}}]}',
        'cadastre-93010-batiments.json',
      ),
    ).toBe('cadastre');
  });

  it('says how to force the source where the import was started: a flag on the command line, a menu on the page', () => {
    expect(() => detectSource('nom;prenom\nA;B', 'x.csv')).toThrow(/Précisez-la avec --source/);
    const fromPage = (() => {
      try {
        detectSource('nom;prenom\nA;B', 'x.csv', 'admin');
      } catch (err) {
        return (err as Error).message;
      }
    })();
    expect(fromPage).toContain('Choisissez-la dans le menu «\u00a0Source\u00a0» du formulaire');
    expect(fromPage).not.toContain('--source');
  });

  it('folds labelled DPE headers to the current names', () => {
    expect(foldHeader('Coordonnée_cartographique_X_(BAN)')).toBe('coordonnee_cartographique_x_ban');
    expect(foldHeader('Conso_5_usages_par_m²_é_primaire')).toBe('conso_5_usages_par_m2_e_primaire');
    expect(foldHeader('Nom__commune_(BAN)')).toBe('nom_commune_ban');
  });
});
