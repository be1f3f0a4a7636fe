-- Whether the listing's position is an address or a street the agent picked in the Base Adresse
-- Nationale (« Adresse du bien » of the listing analysis): « Mes annonces » then opens the address
-- analysis as a BAN point, whose map credits the BAN, and a later reading of the portal, whose
-- point is rounded, no longer moves it. Listings placed before this are not known to be the BAN's:
-- a portal read since may have replaced the picked point while its street stayed.
ALTER TABLE listings ADD COLUMN placed_by_ban boolean NOT NULL DEFAULT false;
