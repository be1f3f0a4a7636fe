/** The real sample files of `../shared/data` (see its PROVENANCE.md), read by the importer tests and benchmarks. */
import { fileURLToPath } from 'node:url';

export const SAMPLES_DIR = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));

export const SAMPLES = {
  cadastreBondy: (year: 2022 | 2023 | 2024 | 2025) => `${SAMPLES_DIR}cadastre/cadastre-93010-parcelles_${year}.json.gz`,
  cadastreParis18: `${SAMPLES_DIR}cadastre/cadastre-75118-parcelles_2022-01-01.json`,
  cadastreParis18_2025: `${SAMPLES_DIR}cadastre/cadastre-75118-parcelles_2025.json.gz`,
  personnesMoralesParis18: `${SAMPLES_DIR}personnes-morales/PM_25_NB_750_extrait-75118_paris18.csv`,
  /** The first 34 Etalab buildings of Bondy (a partial extract: most of the commune's buildings are not in it). */
  batimentsBondy: `${SAMPLES_DIR}cadastre-batiments/cadastre-93010-batiments_extrait-34-premiers.json`,
  banBondy: `${SAMPLES_DIR}ban/adresses-93010_bondy.csv`,
  rnicBondy: `${SAMPLES_DIR}copro/rnic_extrait-R_93010_bondy_37-lignes.csv`,
  dvfRawBondy: `${SAMPLES_DIR}dvf/valeursfoncieres-2022_93010_bondy.txt`,
  dvfRawAin: `${SAMPLES_DIR}dvf/valeursfoncieres-2020_extrait-debut_dept01.txt`,
  dvfAbzac: `${SAMPLES_DIR}dvf/etalab-geo-dvf_2021_33001_abzac.csv`,
  dvfHendaye: `${SAMPLES_DIR}dvf/dvf-api-cquest_2019-2023_64260_hendaye_appart-maison.csv`,
  dpeExistant: `${SAMPLES_DIR}dpe/dpe03existant_extrait-1000_france.csv`,
  dpeNeufs: `${SAMPLES_DIR}dpe/dpe-v2-logements-neufs_extrait_cp69008_lyon8.csv`,
  /** Carte des loyers, the nine Lyon arrondissements: all flats, 1–2 rooms, 3 rooms or more, houses. */
  loyersLyon: {
    appartement: `${SAMPLES_DIR}loyers/carte-des-loyers_pred-appartements_lyon-69381-69389.csv`,
    'appartement-t1-t2': `${SAMPLES_DIR}loyers/carte-des-loyers_pred-app_t1_t2_lyon-69381-69389.csv`,
    'appartement-t3-plus': `${SAMPLES_DIR}loyers/carte-des-loyers_pred-app_t3_lyon-69381-69389.csv`,
    maison: `${SAMPLES_DIR}loyers/carte-des-loyers_pred-maison_lyon-69381-69389.csv`,
  },
  /** PLUi Est Ensemble clipped to Bondy (GPU, CNIG layout): 2021 zones and prescriptions, 2025 as GeoPackage and shapefile. */
  plu: {
    zones2021: `${SAMPLES_DIR}plu/gpu-cnig_zone-urba_plui-est-ensemble-2021_93010_bondy.gpkg`,
    prescriptions2021: `${SAMPLES_DIR}plu/gpu-cnig_prescriptions-infos-oap_plui-est-ensemble-2021_93010_bondy.gpkg`,
    gpkg2025: `${SAMPLES_DIR}plu/gpu-cnig_couches-m3-2025_plui-est-ensemble_93010_bondy.gpkg`,
    /** Beside its .dbf, .prj, .cpg and .shx. */
    shp2025: `${SAMPLES_DIR}plu/plui-est-ensemble-m3-2025_zone-urba_93010_bondy.shp`,
  },
} as const;

/**
 * The Bondy set of the acceptance criteria, in an awkward order on purpose: DVF before any parcel
 * (geolocated when the cadastre arrives), and the newest cadastre vintage before older ones.
 */
export const BONDY_SET = [
  SAMPLES.dvfRawBondy,
  SAMPLES.cadastreBondy(2024),
  SAMPLES.cadastreBondy(2025),
  SAMPLES.cadastreBondy(2022),
  SAMPLES.cadastreBondy(2023),
  SAMPLES.banBondy,
  SAMPLES.rnicBondy,
];

/** Listing feeds (`listings/`, see its PROVENANCE.md): the datasets the `annonces` import reads. */
export const LISTING_FEEDS = {
  bienici: `${SAMPLES_DIR}listings/bienici/bienici_api-flattened_vente_toulon-83_2026-03_first500rows.csv`,
  pap: `${SAMPLES_DIR}listings/pap/pap_search-extract_vente_toulon-83_2026-03.csv`,
  seloger: `${SAMPLES_DIR}listings/seloger/seloger_search-cards_vente_toulon-83_2026-03.csv`,
  selogerNeuf: `${SAMPLES_DIR}listings/seloger/selogerneuf_search-cards_vente_toulon-83_2026-03.csv`,
  leboncoin: `${SAMPLES_DIR}listings/leboncoin/lbc_search-api-extract_location_le-havre-76600_2026-07.json`,
} as const;
