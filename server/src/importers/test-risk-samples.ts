/** The real risks and Sitadel samples of `../shared/data` (see its PROVENANCE.md), for the tests. */
import { SAMPLES_DIR } from './test-samples.js';

export const RISK_SAMPLES = {
  gaspar: `${SAMPLES_DIR}risques/risq_gaspar_extrait_64260-69123-75056-93010.csv`,
  icpeBondy: `${SAMPLES_DIR}risques/georisques_icpe-export_2024_93010_bondy.csv`,
  basiasBondy: `${SAMPLES_DIR}risques/basias_brgm_export-2023-08-08_93010_bondy.geojson`,
} as const;
const SITADEL = (name: string) => `${SAMPLES_DIR}sitadel/sitadel_Liste-${name}.2026-01_31555_toulouse.csv`;
export const SITADEL_SAMPLES = {
  logements: SITADEL('des-autorisations-durbanisme-creant-des-logements'),
  locaux: SITADEL('des-autorisations-durbanisme-creant-des-locaux-non-residentiels'),
  amenager: SITADEL('des-permis-damenager'),
  demolir: SITADEL('des-permis-de-demolir'),
} as const;
