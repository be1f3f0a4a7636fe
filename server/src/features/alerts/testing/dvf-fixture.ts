/**
 * Small geo-DVF files written at test time (test data only): sales in Bondy (93010) with the
 * dates, types and positions a test needs, imported with the real importer.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export const GEO_DVF_HEADER =
  'id_mutation,date_mutation,numero_disposition,nature_mutation,valeur_fonciere,adresse_numero,adresse_suffixe,adresse_nom_voie,adresse_code_voie,code_postal,code_commune,nom_commune,code_departement,ancien_code_commune,ancien_nom_commune,id_parcelle,ancien_id_parcelle,numero_volume,lot1_numero,lot1_surface_carrez,lot2_numero,lot2_surface_carrez,lot3_numero,lot3_surface_carrez,lot4_numero,lot4_surface_carrez,lot5_numero,lot5_surface_carrez,nombre_lots,code_type_local,type_local,surface_reelle_bati,nombre_pieces_principales,code_nature_culture,nature_culture,code_nature_culture_speciale,nature_culture_speciale,surface_terrain,longitude,latitude';

export interface FixtureSale {
  id: string;
  /** YYYY-MM-DD */
  date: string;
  type: 'maison' | 'appartement';
  surface: number;
  price: number;
  street: string;
  lon: number;
  lat: number;
  parcel?: string;
  /** Recorded under another commune than Bondy (a former commune, a commune nouvelle). */
  commune?: { code: string; nom: string };
}

/** A point in Bondy. */
export const BONDY = { lon: 2.4829, lat: 48.9022 };

export function writeSalesFile(dir: string, name: string, sales: readonly FixtureSale[]): string {
  const rows = [GEO_DVF_HEADER];
  for (const [i, s] of sales.entries()) {
    const house = s.type === 'maison';
    rows.push(
      [
        s.id,
        s.date,
        '000001',
        'Vente',
        s.price,
        String(i + 1),
        '',
        s.street,
        '0001',
        '93140',
        s.commune?.code ?? '93010',
        s.commune?.nom ?? 'Bondy',
        s.commune ? s.commune.code.slice(0, s.commune.code.startsWith('97') ? 3 : 2) : '93',
        '',
        '',
        s.parcel ?? `93010000AB${String(100 + i).padStart(4, '0')}`,
        '',
        '',
        ...Array(10).fill(''),
        '0',
        house ? '1' : '2',
        house ? 'Maison' : 'Appartement',
        String(s.surface),
        house ? '5' : '3',
        '',
        '',
        '',
        '',
        '',
        String(s.lon),
        String(s.lat),
      ].join(','),
    );
  }
  const file = path.join(dir, name);
  writeFileSync(file, `${rows.join('\n')}\n`);
  return file;
}
