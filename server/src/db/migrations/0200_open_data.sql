-- Open data imported by the importers (server/src/importers): DVF, cadastre, BAN, DPE, RNIC,
-- their provenance (import_runs) and the precomputed DVF statistics. Described column by column
-- in docs/data-model.md.

-- Provenance: one row per imported file.
CREATE TABLE import_runs (
  id bigserial PRIMARY KEY,
  source text NOT NULL CHECK (source IN ('dvf', 'dvf-raw', 'cadastre', 'dpe', 'copro', 'ban')),
  file_name text NOT NULL,
  url text,
  vintage text,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'succeeded', 'failed', 'interrupted')),
  started_by text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  duration_ms integer,
  bytes_total bigint,
  bytes_read bigint NOT NULL DEFAULT 0,
  rows_read integer NOT NULL DEFAULT 0,
  rows_kept integer NOT NULL DEFAULT 0,
  rows_rejected integer NOT NULL DEFAULT 0,
  rejects jsonb NOT NULL DEFAULT '[]'::jsonb,
  summary jsonb NOT NULL DEFAULT '{}'::jsonb,
  error text,
  file_sha256 text
);
CREATE INDEX import_runs_source_started ON import_runs (source, started_at DESC);

-- Cadastre (Etalab parcelles).
CREATE TABLE parcels (
  id text PRIMARY KEY CHECK (length(id) = 14),
  code_commune text NOT NULL,
  prefixe text NOT NULL,
  section text NOT NULL,
  numero text NOT NULL,
  code_section text NOT NULL,
  contenance integer,
  geometry jsonb NOT NULL,
  centroid_lon double precision NOT NULL,
  centroid_lat double precision NOT NULL,
  bbox_west double precision NOT NULL,
  bbox_south double precision NOT NULL,
  bbox_east double precision NOT NULL,
  bbox_north double precision NOT NULL,
  created date,
  updated date,
  is_current boolean NOT NULL,
  first_vintage date NOT NULL,
  last_vintage date NOT NULL,
  import_run_id bigint NOT NULL
);
CREATE INDEX parcels_commune_section ON parcels (code_commune, section, numero);
CREATE INDEX parcels_code_section ON parcels (code_section);
CREATE INDEX parcels_bbox ON parcels USING gist (box(point(bbox_west, bbox_south), point(bbox_east, bbox_north)));

CREATE TABLE cadastre_communes (
  code_commune text PRIMARY KEY,
  vintage date NOT NULL,
  parcels_current integer NOT NULL,
  import_run_id bigint NOT NULL
);

-- DVF: one row per mutation (sale deed) and one per line of the source file.
CREATE TABLE dvf_mutations (
  id_mutation text PRIMARY KEY,
  origin text NOT NULL CHECK (origin IN ('geo-dvf', 'dgfip')),
  date_mutation date NOT NULL,
  numero_disposition integer,
  nature_mutation text NOT NULL,
  valeur_fonciere numeric(15, 2),
  code_commune text NOT NULL,
  code_departement text NOT NULL,
  nom_commune text,
  code_postal text,
  adresse_numero text,
  adresse_suffixe text,
  adresse_nom_voie text,
  id_parcelle text,
  nb_lignes integer NOT NULL,
  nb_locaux integer NOT NULL,
  longitude double precision,
  latitude double precision,
  import_run_id bigint NOT NULL
);
CREATE INDEX dvf_mutations_commune_date ON dvf_mutations (code_commune, date_mutation);
CREATE INDEX dvf_mutations_date ON dvf_mutations (date_mutation);
CREATE INDEX dvf_mutations_geo ON dvf_mutations USING gist (ll_to_earth(latitude, longitude)) WHERE latitude IS NOT NULL;

CREATE TABLE dvf_lines (
  id_mutation text NOT NULL,
  line_no integer NOT NULL,
  source_line integer NOT NULL,
  numero_disposition integer,
  adresse_numero text,
  adresse_suffixe text,
  adresse_nom_voie text,
  adresse_code_voie text,
  code_postal text,
  code_commune text NOT NULL,
  nom_commune text,
  code_departement text NOT NULL,
  ancien_code_commune text,
  ancien_nom_commune text,
  id_parcelle text,
  ancien_id_parcelle text,
  numero_volume text,
  lot1_numero text,
  lot1_surface_carrez numeric,
  lot2_numero text,
  lot2_surface_carrez numeric,
  lot3_numero text,
  lot3_surface_carrez numeric,
  lot4_numero text,
  lot4_surface_carrez numeric,
  lot5_numero text,
  lot5_surface_carrez numeric,
  nombre_lots integer,
  code_type_local smallint,
  type_local text,
  identifiant_local text,
  surface_reelle_bati numeric,
  nombre_pieces_principales integer,
  code_nature_culture text,
  nature_culture text,
  code_nature_culture_speciale text,
  nature_culture_speciale text,
  surface_terrain numeric,
  longitude double precision,
  latitude double precision,
  geo_source text CHECK (geo_source IN ('fichier', 'centroide-parcelle')),
  PRIMARY KEY (id_mutation, line_no)
);
CREATE INDEX dvf_lines_parcelle ON dvf_lines (id_parcelle);
CREATE INDEX dvf_lines_commune ON dvf_lines (code_commune);

-- Sales kept for statistics (METHODOLOGY §1, rules 1–5): one row per single-property mutation.
-- `within_bounds` applies the configurable plausibility bounds of rule 6 at the last refresh.
CREATE TABLE dvf_sales (
  id_mutation text PRIMARY KEY,
  date_mutation date NOT NULL,
  month date NOT NULL,
  nature_mutation text NOT NULL,
  code_type_local smallint NOT NULL,
  type_local text NOT NULL,
  valeur_fonciere numeric(15, 2) NOT NULL,
  surface_reelle_bati numeric NOT NULL,
  nombre_pieces_principales integer,
  prix_m2 numeric NOT NULL,
  code_commune text NOT NULL,
  code_section text,
  code_departement text NOT NULL,
  id_parcelle text,
  adresse text,
  longitude double precision,
  latitude double precision,
  within_bounds boolean NOT NULL
);
CREATE INDEX dvf_sales_commune_month ON dvf_sales (code_commune, month);
CREATE INDEX dvf_sales_section_month ON dvf_sales (code_section, month);
CREATE INDEX dvf_sales_departement_month ON dvf_sales (code_departement, month);
CREATE INDEX dvf_sales_geo ON dvf_sales USING gist (ll_to_earth(latitude, longitude)) WHERE latitude IS NOT NULL;

-- Precomputed monthly €/m² statistics of the sales within bounds.
CREATE TABLE dvf_stats_monthly (
  level text NOT NULL CHECK (level IN ('commune', 'section', 'departement')),
  code text NOT NULL,
  type text NOT NULL CHECK (type IN ('maison', 'appartement', 'maison_appartement', 'local')),
  month date NOT NULL,
  n integer NOT NULL,
  median numeric NOT NULL,
  mean numeric NOT NULL,
  q1 numeric NOT NULL,
  q3 numeric NOT NULL,
  PRIMARY KEY (level, code, type, month)
);

-- BAN addresses, and the streets (voies) they belong to, searched by the geocoder.
CREATE TABLE ban_addresses (
  id text PRIMARY KEY,
  id_fantoir text,
  numero integer,
  rep text,
  nom_voie text NOT NULL,
  code_postal text,
  code_insee text NOT NULL,
  nom_commune text NOT NULL,
  code_insee_ancienne_commune text,
  nom_ancienne_commune text,
  x double precision,
  y double precision,
  lon double precision NOT NULL,
  lat double precision NOT NULL,
  type_position text,
  alias text,
  nom_ld text,
  libelle_acheminement text,
  nom_afnor text,
  source_position text,
  source_nom_voie text,
  certification_commune boolean,
  cad_parcelles text[] NOT NULL DEFAULT '{}',
  voie_key text NOT NULL,
  import_run_id bigint NOT NULL
);
CREATE INDEX ban_addresses_voie ON ban_addresses (voie_key, numero);
CREATE INDEX ban_addresses_insee ON ban_addresses (code_insee);
CREATE INDEX ban_addresses_geo ON ban_addresses USING gist (ll_to_earth(lat, lon));

CREATE TABLE ban_voies (
  voie_key text PRIMARY KEY,
  code_insee text NOT NULL,
  nom_voie text NOT NULL,
  code_postal text,
  nom_commune text NOT NULL,
  search text NOT NULL,
  lon double precision NOT NULL,
  lat double precision NOT NULL,
  nb_adresses integer NOT NULL
);
CREATE INDEX ban_voies_insee ON ban_voies (code_insee);
CREATE INDEX ban_voies_search ON ban_voies USING gin (search gin_trgm_ops);

-- DPE (ADEME), existing and new dwellings.
CREATE TABLE dpe (
  numero_dpe text PRIMARY KEY,
  modele text NOT NULL CHECK (modele IN ('existant', 'neuf')),
  date_etablissement date NOT NULL,
  date_fin_validite date,
  numero_dpe_remplace text,
  etiquette_dpe text CHECK (etiquette_dpe IN ('A', 'B', 'C', 'D', 'E', 'F', 'G')),
  etiquette_ges text CHECK (etiquette_ges IN ('A', 'B', 'C', 'D', 'E', 'F', 'G')),
  type_batiment text,
  annee_construction integer,
  periode_construction text,
  surface_habitable_logement numeric,
  conso_5_usages_ep_m2 numeric,
  emission_ges_5_usages_m2 numeric,
  numero_immatriculation_copropriete text,
  adresse_ban text,
  numero_voie_ban text,
  nom_rue_ban text,
  code_postal_ban text,
  code_insee_ban text,
  nom_commune_ban text,
  identifiant_ban text,
  x_l93 double precision,
  y_l93 double precision,
  longitude double precision,
  latitude double precision,
  numero_etage_appartement integer,
  nom_residence text,
  complement_adresse_batiment text,
  complement_adresse_logement text,
  import_run_id bigint NOT NULL
);
CREATE INDEX dpe_postal_labels ON dpe (code_postal_ban, etiquette_dpe, etiquette_ges);
CREATE INDEX dpe_insee ON dpe (code_insee_ban);
CREATE INDEX dpe_copro ON dpe (numero_immatriculation_copropriete) WHERE numero_immatriculation_copropriete IS NOT NULL;
CREATE INDEX dpe_geo ON dpe USING gist (ll_to_earth(latitude, longitude)) WHERE latitude IS NOT NULL;

-- RNIC copropriétés and their cadastral references.
CREATE TABLE copros (
  numero_immatriculation text PRIMARY KEY,
  date_immatriculation date,
  date_derniere_maj date,
  type_syndic text,
  raison_sociale_syndic text,
  siret_syndic text,
  code_ape_syndic text,
  commune_syndic text,
  mandat_en_cours text,
  date_fin_dernier_mandat date,
  nom_usage text,
  adresse_reference text,
  numero_et_voie text,
  code_postal text,
  commune text,
  code_insee text,
  longitude double precision,
  latitude double precision,
  date_reglement date,
  residence_service boolean,
  syndicat_cooperatif boolean,
  syndicat_principal boolean,
  nombre_total_lots integer,
  nombre_lots_habitation_bureaux_commerces integer,
  nombre_lots_habitation integer,
  nombre_lots_stationnement integer,
  periode_construction text,
  nombre_parcelles integer,
  code_qp_2024 text,
  nom_qp_2024 text,
  copro_dans_acv boolean,
  copro_dans_pvd boolean,
  import_run_id bigint NOT NULL
);
CREATE INDEX copros_insee ON copros (code_insee);
CREATE INDEX copros_geo ON copros USING gist (ll_to_earth(latitude, longitude)) WHERE latitude IS NOT NULL;

CREATE TABLE copro_parcels (
  numero_immatriculation text NOT NULL,
  rang smallint NOT NULL,
  id_parcelle text NOT NULL,
  PRIMARY KEY (numero_immatriculation, rang)
);
CREATE INDEX copro_parcels_parcelle ON copro_parcels (id_parcelle);
