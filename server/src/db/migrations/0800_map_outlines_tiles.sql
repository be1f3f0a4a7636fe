-- Offline basemap (issue 11): section and commune outlines computed from the parcels at import
-- time (docs/data-model.md), and the cache of the vector tiles the server draws from them.

-- One row per cadastral section (code_section = commune + prefixe + section, 10 characters):
-- the union of its current parcels, holes filled (the streets between blocks stay open).
CREATE TABLE cadastre_sections (
  code_section text PRIMARY KEY CHECK (length(code_section) = 10),
  code_commune text NOT NULL,
  section text NOT NULL,
  parcels integer NOT NULL,
  geometry jsonb NOT NULL,
  bbox_west double precision NOT NULL,
  bbox_south double precision NOT NULL,
  bbox_east double precision NOT NULL,
  bbox_north double precision NOT NULL
);
CREATE INDEX cadastre_sections_commune ON cadastre_sections (code_commune);
CREATE INDEX cadastre_sections_bbox ON cadastre_sections USING gist (box(point(bbox_west, bbox_south), point(bbox_east, bbox_north)));

-- One row per commune whose cadastre is loaded: the union of its sections.
CREATE TABLE commune_outlines (
  code_commune text PRIMARY KEY,
  geometry jsonb NOT NULL,
  bbox_west double precision NOT NULL,
  bbox_south double precision NOT NULL,
  bbox_east double precision NOT NULL,
  bbox_north double precision NOT NULL
);
CREATE INDEX commune_outlines_bbox ON commune_outlines USING gist (box(point(bbox_west, bbox_south), point(bbox_east, bbox_north)));

-- Encoded vector tiles of the offline basemap, emptied by every cadastre or BAN import.
CREATE TABLE map_tiles (
  layer text NOT NULL,
  z integer NOT NULL,
  x integer NOT NULL,
  y integer NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (layer, z, x, y)
);

-- Sales per commune, month and cell of the zoom-15 tile grid (≈ 800 m at French latitudes):
-- the clusters of the sales maps at small zooms are sums of these rows, not scans of every sale.
-- Rebuilt for the communes of each DVF import and of each cadastre import that moves sales.
CREATE TABLE dvf_map_cells (
  code_commune text NOT NULL,
  month date NOT NULL,
  cx integer NOT NULL,
  cy integer NOT NULL,
  n integer NOT NULL,
  sum_lon double precision NOT NULL,
  sum_lat double precision NOT NULL,
  PRIMARY KEY (code_commune, month, cx, cy)
);
CREATE INDEX dvf_map_cells_cell ON dvf_map_cells (cx, cy);
