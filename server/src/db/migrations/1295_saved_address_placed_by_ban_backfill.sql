-- Addresses saved before migration 1293 were all taken as not placed by the BAN, so their point no
-- longer credited it. An address or a street picked in the analysis's field is saved at the very
-- point the embedded geocoder gave: a BAN address's (`ban_addresses`) or a street's
-- (`ban_voies`, in the address's commune). A parcel's centre never falls exactly on one, and a point
-- clicked on the map (kept to six decimals, as the BAN's are) only within 10 cm of it, where it is
-- that address's point anyway: these rows are the BAN's; the others stay as they are (picked through
-- the Géoplateforme, or with no BAN imported yet, they cannot be told apart).
UPDATE saved_addresses s SET placed_by_ban = true
 WHERE NOT s.placed_by_ban
   AND (EXISTS (SELECT 1 FROM ban_addresses a
                 WHERE point(a.lon, a.lat) <@ box(point(s.lon, s.lat), point(s.lon, s.lat))
                   AND a.lon = s.lon AND a.lat = s.lat)
        OR EXISTS (SELECT 1 FROM ban_voies v WHERE v.code_insee = s.insee AND v.lon = s.lon AND v.lat = s.lat));
