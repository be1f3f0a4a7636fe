-- Whether the Base Adresse Nationale placed a saved address's point (an address or a street picked
-- in the address field) rather than a click on the map or a parcel's centre: the map that shows it
-- again credits the BAN only then. Addresses saved before this are not known to be the BAN's.
ALTER TABLE saved_addresses ADD COLUMN placed_by_ban boolean NOT NULL DEFAULT false;
