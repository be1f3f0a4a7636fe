/**
 * Made-up open data, written when the run prepares its data folders (support/prepared.ts), for the
 * listing samples that no real sample covers.
 * - DVF: the DVF samples of ../shared/data are Bondy (93010), Hendaye (64260), Abzac (33001) and
 *   the start of Ain (01); no listing sample is in those communes, so every comparison of the
 *   extension's test is against this made-up geo-DVF file (nine sales a commune).
 * - DPE: the real DPE samples (1 000 DPE of all France, the new builds of Lyon 8e) are imported
 *   too. They hold likely dwellings for the SeLoger ad (Lyon 8e) and the ParuVendu one (Bordeaux),
 *   whose candidates are real. They hold none for the other ads: no DPE at all in 37800, 75005 and
 *   75006, and in 75012 and 75017 only DPE of other dwellings (« Aucun logement des DPE chargés ne
 *   correspond »). This file adds one DPE for each of those five ads only.
 * Both are imported with the documented command, as real files are. Test data only.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const HEADER =
  'id_mutation,date_mutation,numero_disposition,nature_mutation,valeur_fonciere,adresse_numero,adresse_suffixe,adresse_nom_voie,adresse_code_voie,code_postal,code_commune,nom_commune,code_departement,ancien_code_commune,ancien_nom_commune,id_parcelle,ancien_id_parcelle,numero_volume,lot1_numero,lot1_surface_carrez,lot2_numero,lot2_surface_carrez,lot3_numero,lot3_surface_carrez,lot4_numero,lot4_surface_carrez,lot5_numero,lot5_surface_carrez,nombre_lots,code_type_local,type_local,surface_reelle_bati,nombre_pieces_principales,code_nature_culture,nature_culture,code_nature_culture_speciale,nature_culture_speciale,surface_terrain,longitude,latitude';

/** INSEE code, postcode, name, type, median €/m², a point in the commune. */
export const FIXTURE_COMMUNES = [
  ['37226', '37800', 'Sainte-Maure-de-Touraine', 'maison', 1800, 0.5433, 47.1111],
  ['69388', '69008', 'Lyon 8e Arrondissement', 'appartement', 4500, 4.8701, 45.7345],
  ['75105', '75005', 'Paris 5e Arrondissement', 'appartement', 11000, 2.3488, 48.8445],
  ['75106', '75006', 'Paris 6e Arrondissement', 'appartement', 12000, 2.3327, 48.8491],
  ['75112', '75012', 'Paris 12e Arrondissement', 'appartement', 9000, 2.3958, 48.8396],
  ['75117', '75017', 'Paris 17e Arrondissement', 'appartement', 10500, 2.3067, 48.8873],
  ['75118', '75018', 'Paris 18e Arrondissement', 'appartement', 9500, 2.3488, 48.8925],
  ['59350', '59000', 'Lille', 'appartement', 3500, 3.0573, 50.6292],
  ['29019', '29200', 'Brest', 'appartement', 2200, -4.4861, 48.3904],
  ['83137', '83000', 'Toulon', 'appartement', 3300, 5.928, 43.1242],
  ['33063', '33000', 'Bordeaux', 'appartement', 4800, -0.5792, 44.8378],
] as const;

/** Nine sales a commune in 2024, from 80 % to 120 % of its median €/m² (so the median is exact), all within the plausibility bounds. */
export function writeDvfFixture(dir: string): string {
  const rows: string[] = [HEADER];
  for (const [insee, cp, nom, type, median, lon, lat] of FIXTURE_COMMUNES) {
    const house = type === 'maison';
    for (let i = 0; i < 9; i++) {
      const surface = house ? 100 + 5 * i : 40 + 5 * i;
      const price = Math.round(median * (0.8 + 0.05 * i) * surface);
      const month = String(i + 2).padStart(2, '0');
      rows.push(
        [
          `E2E-${insee}-${i}`,
          `2024-${month}-15`,
          '000001',
          'Vente',
          price,
          String(i + 1),
          '',
          'RUE DE L ESSAI',
          '0001',
          cp,
          insee,
          nom,
          insee.slice(0, 2),
          '',
          '',
          `${insee}000AB${String(100 + i).padStart(4, '0')}`,
          '',
          '',
          ...Array(10).fill(''),
          '0',
          house ? '1' : '2',
          house ? 'Maison' : 'Appartement',
          String(surface),
          String(house ? 5 : 2),
          '',
          '',
          '',
          '',
          '',
          String(lon),
          String(lat),
        ].join(','),
      );
    }
  }
  const file = path.join(dir, 'geo-dvf-fictif-e2e-communes-des-annonces.csv');
  writeFileSync(file, `${rows.join('\n')}\n`);
  return file;
}

/**
 * One made-up DPE for the dwelling of each sample ad that the real DPE samples do not hold (same
 * surface and labels), so that the DPE localisation has something to find. Test data only.
 */
export const FIXTURE_DPE = [
  ['37800', '37226', 'Sainte-Maure-de-Touraine', 'maison', 205, 'C', 'A'],
  ['75005', '75105', 'Paris 5e Arrondissement', 'appartement', 28, 'D', 'B'],
  ['75006', '75106', 'Paris 6e Arrondissement', 'appartement', 60, 'E', 'E'],
  ['75012', '75112', 'Paris 12e Arrondissement', 'appartement', 16.2, 'D', 'B'],
  ['75017', '75117', 'Paris 17e Arrondissement', 'appartement', 32.15, 'E', 'E'],
] as const;

/** The street of every made-up DPE: a candidate there comes from this file, not from real data. */
export const FIXTURE_DPE_STREET = 'Rue de l’Essai';

export function writeDpeFixture(dir: string): string {
  const rows = [
    'numero_dpe,date_etablissement_dpe,etiquette_dpe,etiquette_ges,type_batiment,annee_construction,surface_habitable_logement,adresse_ban,nom_commune_ban,code_postal_ban,code_insee_ban',
    ...FIXTURE_DPE.map(([cp, insee, nom, type, surface, dpe, ges], i) =>
      [
        `2475E00000${i}E2E`,
        '2024-05-02',
        dpe,
        ges,
        type,
        '1970',
        String(surface),
        `8 ${FIXTURE_DPE_STREET} ${cp} ${nom}`,
        nom,
        cp,
        insee,
      ].join(','),
    ),
  ];
  const file = path.join(dir, 'dpe03existant-fictif-e2e-annonces-sans-dpe-reel.csv');
  writeFileSync(file, `${rows.join('\n')}\n`);
  return file;
}
