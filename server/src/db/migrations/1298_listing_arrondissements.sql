-- A listing of Paris, Lyon or Marseille was filed under the city (75056, 69123, 13055): the
-- commune of a postcode took the city, whose list of postcodes holds them all. DVF, the DPE, the
-- BAN and the cadastre file these cities under their arrondissements, so a listing of « 75018
-- Paris » was compared with no sale and missed by a search of Paris 18e. The commune of a listing
-- is now its arrondissement (features/geocode/commune-of-place.ts); the listings saved or imported
-- before take the arrondissement of their postcode.
UPDATE listings SET insee = CASE
    WHEN insee = '75056' AND postcode ~ '^750(0[1-9]|1[0-9]|20)$' THEN '751' || right(postcode, 2)
    WHEN insee = '75056' AND postcode = '75116' THEN '75116'
    WHEN insee = '69123' AND postcode ~ '^6900[1-9]$' THEN '6938' || right(postcode, 1)
    WHEN insee = '13055' AND postcode ~ '^130(0[1-9]|1[0-6])$' THEN '132' || right(postcode, 2)
    ELSE insee
  END
 WHERE insee IN ('75056', '69123', '13055');
