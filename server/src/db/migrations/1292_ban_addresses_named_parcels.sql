-- The BAN addresses that name their parcels (`cad_parcelles`, a few per cent of them), found from
-- the parcels: the first address of each parcel of a page of search results, and the parcel sheet.
-- Partial: the addresses naming no parcel, most of them, cost nothing to import.
CREATE INDEX ban_addresses_cad_parcelles ON ban_addresses USING gin (cad_parcelles) WHERE cardinality(cad_parcelles) > 0;
