/**
 * Which open-data source a file holds, from its header (first characters of the decoded text) and
 * its name. The header decides; the name only refuses what the header cannot tell apart (Etalab
 * cadastre `-batiments` files look like `-parcelles` ones).
 */
import { ImportError } from './errors.js';
import type { Source } from './importer.js';
import { looksLikeCsvFeed, looksLikeJsonFeed } from './listing-feeds.js';

function firstLine(text: string): string {
  const t = text.replace(/^\uFEFF/, '');
  const end = t.search(/\r?\n/);
  return (end === -1 ? t : t.slice(0, end)).trim();
}

/** Header name folded for comparison: lower case, no accent, `_` for anything else. */
export function foldHeader(h: string): string {
  return h
    .normalize('NFKD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Where an import was started: the way to force a source differs (a flag, or the form's menu). */
export type ImportOrigin = 'cli' | 'admin';

const FORCE_SOURCE_HINT: Record<ImportOrigin, string> = {
  cli: 'Précisez-la avec --source si le fichier est bien l’une d’elles.',
  admin: 'Choisissez-la dans le menu «\u00a0Source\u00a0» du formulaire si le fichier est bien l’une d’elles.',
};

export function detectSource(head: string, fileName: string, origin: ImportOrigin = 'cli'): Source {
  const name = fileName.toLowerCase();
  const line = firstLine(head);
  if (line === '') throw new ImportError(`Le fichier « ${fileName} » est vide.`);
  if (line.startsWith('{') || line.startsWith('[')) {
    if (looksLikeJsonFeed(head.slice(0, 64 * 1024))) return 'annonces';
    if (/"FeatureCollection"/.test(head) && /"identifiant"\s*:/.test(head) && /"raison_soc_ent"\s*:/.test(head)) return 'basias';
    if (/"FeatureCollection"/.test(head) && /"idurba"\s*:/i.test(head)) return 'plu';
    // Etalab `batiments`: no parcel id, a `type` 01 (bâti dur) or 02 (bâti léger).
    if (/"FeatureCollection"/.test(head) && !/"contenance"/.test(head) && /"type"\s*:\s*"0[12]"/.test(head.slice(0, 64 * 1024)))
      return 'batiments';
    if (/batiments/.test(name) && !/"contenance"/.test(head)) return 'batiments';
    if (/"FeatureCollection"/.test(head) && (/"contenance"/.test(head) || /"features"\s*:\s*\[\s*\]/.test(head))) return 'cadastre';
    throw new ImportError(`« ${fileName} »\u00a0: fichier JSON non reconnu (une FeatureCollection de parcelles Etalab est attendue).`);
  }
  const fields = line.split(/[,;|]/).map((f) => foldHeader(f.replace(/^"|"$/g, '')));
  const has = (...names: string[]) => names.every((n) => fields.includes(n));
  if (line.includes('|') && has('date_mutation', 'valeur_fonciere', 'code_commune')) return 'dvf-raw';
  if (has('id_mutation', 'date_mutation', 'valeur_fonciere')) return 'dvf';
  if (has('id', 'numero', 'nom_voie', 'code_insee', 'lon', 'lat')) return 'ban';
  if (has('numero_d_immatriculation')) return 'copro';
  if (has('numero_dpe') || has('n_dpe')) return 'dpe';
  if (has('loypredm2') && (has('insee_c') || has('insee'))) return 'loyers';
  if (has('cod_commune', 'lib_risque', 'num_risque')) return 'gaspar';
  if (has('numero_d_etablissement', 'nom_etablissement', 'regime_en_vigueur')) return 'icpe';
  // Sitadel's first line is its long labels; a re-export may start at the codes line.
  if (has('code_de_la_commune_du_lieu_des_travaux') || has('comm', 'date_reelle_autorisation')) return 'sitadel';
  if (looksLikeCsvFeed(line)) return 'annonces';
  const starts = (prefix: string) => fields.some((f) => f.startsWith(prefix));
  if ((starts('n_siren') || starts('no_siren')) && starts('denomination') && starts('code_droit')) return 'personnes-morales';
  throw new ImportError(
    `Type de fichier non reconnu pour « ${fileName} »\u00a0: l’en-tête ne correspond à aucune source prise en charge ` +
      `(DVF, DVF brutes, cadastre, bâtiments du cadastre, DPE, RNIC, BAN, personnes morales, flux d’annonces, Carte des loyers, urbanisme, GASPAR, ICPE, BASIAS, Sitadel). ${FORCE_SOURCE_HINT[origin]}`,
  );
}
