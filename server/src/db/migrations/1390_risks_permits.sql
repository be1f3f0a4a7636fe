-- Risks and building permits (issue 39, points 5 and 6): the risks GASPAR lists for each commune,
-- the classified installations (ICPE) and the former industrial sites (BASIAS / CASIAS) of
-- Géorisques, and the four Sitadel lists of urban-planning authorisations. Each table is written
-- only by its importer's merge transaction (importers `gaspar`, `icpe`, `basias`, `sitadel`).

-- The list again, with the sources of the files before this one (`plu` of 1342 and 1350).
ALTER TABLE import_runs DROP CONSTRAINT IF EXISTS import_runs_source_check;
ALTER TABLE import_runs ADD CONSTRAINT import_runs_source_check
  CHECK (source IN ('dvf', 'dvf-raw', 'cadastre', 'dpe', 'copro', 'ban', 'personnes-morales', 'annonces', 'loyers', 'plu',
                    'gaspar', 'icpe', 'basias', 'sitadel'));

-- GASPAR `risq_gaspar.csv`: one row per commune and risk. `risk_code` is GASPAR's `num_risque`
-- (11 inondation, 114 ruissellement…): a code of three digits or more refines the one of its first
-- two digits. A file replaces the risks of the communes it lists, and only those.
CREATE TABLE commune_risks (
  insee text NOT NULL,
  risk_code text NOT NULL,
  commune_name text NOT NULL,
  label text NOT NULL,
  import_run_id bigint REFERENCES import_runs (id) ON DELETE SET NULL,
  PRIMARY KEY (insee, risk_code)
);

-- Géorisques ICPE export, one row per establishment number. The export gives no coordinates: the
-- merge places a site at its BAN address (`placed_by` 'adresse'), else at the middle of its street
-- ('voie'), else nowhere (null position, listed with the commune but never « within 500 m »).
-- `operator` is null for an operator whose name reads as a natural person: never stored.
CREATE TABLE icpe_sites (
  id text PRIMARY KEY,
  operator text,
  natural_person boolean NOT NULL DEFAULT false,
  address text,
  postcode text,
  commune_name text,
  insee text,
  regime text,
  seveso text,
  last_inspection date,
  ied boolean,
  siret text,
  longitude double precision,
  latitude double precision,
  placed_by text CHECK (placed_by IN ('fichier', 'adresse', 'voie')),
  import_run_id bigint REFERENCES import_runs (id) ON DELETE SET NULL
);
CREATE INDEX icpe_sites_point ON icpe_sites USING gist (point(longitude, latitude)) WHERE latitude IS NOT NULL;
CREATE INDEX icpe_sites_postcode ON icpe_sites (postcode);

-- BASIAS / CASIAS former industrial and service sites, one row per `identifiant` (IDF9302157).
-- `names` keeps the successive operators the inventory lists, those reading as natural persons
-- replaced by the notice.
CREATE TABLE basias_sites (
  id text PRIMARY KEY,
  names text,
  usual_name text,
  address text,
  insee text,
  activity_codes text,
  occupation text,
  knowledge text,
  sheet_file text,
  longitude double precision,
  latitude double precision,
  import_run_id bigint REFERENCES import_runs (id) ON DELETE SET NULL
);
CREATE INDEX basias_sites_point ON basias_sites USING gist (point(longitude, latitude)) WHERE latitude IS NOT NULL;
CREATE INDEX basias_sites_insee ON basias_sites (insee);

-- Sitadel, one row per list, kind and authorisation number: a permit creating dwellings and premises
-- is in both the `logements` and the `locaux` list, each with its own figures, and a PC and a DP may
-- share a number (Toulouse's 0315552500300). Placed by its first
-- cadastral parcel (`parcel_id`, built as Sitadel has no préfixe: COMM + 000 + section + numéro),
-- through the parcels table at query time: a cadastre imported later places the permits already there.
CREATE TABLE building_permits (
  list text NOT NULL CHECK (list IN ('logements', 'locaux', 'amenager', 'demolir')),
  permit_id text NOT NULL,
  -- PC, DP, PA (aménager), PD (démolir)
  kind text NOT NULL,
  insee text NOT NULL,
  -- Sitadel ETAT_*: 2 autorisé, 4 annulé, 5 commencé, 6 terminé.
  status smallint,
  authorised_on date,
  started_on date,
  completed_on date,
  applicant text,
  applicant_siren text,
  address text,
  parcel_id text,
  other_parcels text[] NOT NULL DEFAULT '{}',
  land_area integer,
  dwellings integer,
  housing_area integer,
  premises_area integer,
  demolished_dwellings integer,
  project_nature text,
  import_run_id bigint REFERENCES import_runs (id) ON DELETE SET NULL,
  PRIMARY KEY (list, kind, permit_id)
);
CREATE INDEX building_permits_parcel ON building_permits (parcel_id);
CREATE INDEX building_permits_commune_date ON building_permits (insee, authorised_on);
