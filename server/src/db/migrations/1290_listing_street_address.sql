-- A listing placed by its address (« Adresse du bien » of the listing analysis) keeps the street
-- address picked in the BAN (« 139 Avenue Carnot »), beside the postcode and town it already kept:
-- until now only the position was stored, and « Mes annonces » and the account export could not say
-- where the property is. NULL for a listing never placed by an address (portals give no address,
-- feeds neither); existing rows stay NULL, the picked address having never been stored.
ALTER TABLE listings ADD COLUMN street_address text;
