-- The house number the diagnostician typed (« 71 » of « 71 Avenue Jean Mermoz »), kept by the
-- importer only when the BAN matched the DPE to its street, not to a number (`identifiant_ban` of a
-- street: one new build in eight in the Lyon 8e sample, half of them with a number typed). The
-- product then writes that number before the BAN's street name, and tells apart the buildings of
-- the street instead of lumping a whole avenue into one address (features/dpe/address-sql.ts). Filled
-- by the next import of each DPE file (an import replaces every column of the DPE it brings).
ALTER TABLE dpe ADD COLUMN numero_voie_saisi text;
