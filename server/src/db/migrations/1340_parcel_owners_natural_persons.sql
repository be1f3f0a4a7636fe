-- Private persons in the legal-entity owners files (issue 39, point 8): a volunteer syndic or a
-- manager the DGFiP lists under his own name (« MR … », legal form 9900) is a natural person. His
-- row keeps its right and shows « personne physique — nom non affiché »: neither the name nor the
-- SIREN is kept. The rule is `readsAsNaturalPerson` (shared/src/owners/natural-person.logic.ts),
-- which the importer applies; this function is the same rule for the rows imported before, and a
-- test checks that both agree on the Paris 18e sample.

CREATE FUNCTION owner_reads_as_natural_person(name text, legal_form text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  WITH w AS (
    SELECT array_remove(regexp_split_to_array(
             translate(upper(coalesce(name, '')), 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝŸ', 'AAAAAACEEEEIIIINOOOOOUUUUYY'),
             '[^A-Z0-9]+'), '') AS words,
           ARRAY['ADMINISTRATEUR', 'ADMINISTRATION', 'AFFAIRES', 'AGENCE', 'ASS', 'ASSOCIATION', 'BANQUE', 'CABINET', 'CAISSE',
                 'CENTRE', 'CIE', 'COMPAGNIE', 'CONSEIL', 'CONSEILS', 'COPRO', 'COPROP', 'COPROPRIETAIRES', 'COPROPRIETE',
                 'ELECTRICITE', 'ETUDE', 'EURL', 'FEDERATION', 'FNAIM', 'FONCIA', 'FONCIER', 'FONCIERE', 'FONDATION', 'FRERES',
                 'GESTION', 'GESTIONS', 'GIE', 'GROUPE', 'HABITAT', 'IMMO', 'IMMOBILIER', 'IMMOBILIERE', 'INSTITUT', 'LES',
                 'LOGEMENT', 'MINISTERE', 'MUTUELLE', 'NEXITY', 'OFFICE', 'PATRIMOINE', 'PREFECTURE', 'REGIE', 'RESIDENCE', 'SA',
                 'SARL', 'SAS', 'SASU', 'SC', 'SCI', 'SCP', 'SCPI', 'SEM', 'SERVICE', 'SERVICES', 'SNC', 'SOCIETE', 'STE',
                 'SYNDIC', 'SYNDICAT', 'SYNDICATS', 'TRANSPORTS', 'UNION', 'VILLE'] AS organisation_words
  ), o AS (
    SELECT words,
           EXISTS (SELECT 1 FROM unnest(words) x WHERE x ~ '[0-9]' OR x = ANY (organisation_words))
           -- « S A R L INTEREY »: initials spelt apart are one word.
           OR array_to_string(ARRAY(SELECT x FROM unnest(words) WITH ORDINALITY AS u(x, i) WHERE x ~ '^[A-Z]$' ORDER BY i), '')
              = ANY (organisation_words) AS organisation
      FROM w
  )
  SELECT CASE
           WHEN cardinality(words) = 0 THEN false
           WHEN words[1] = ANY (ARRAY['M', 'MR', 'MM', 'MME', 'MMES', 'MLLE', 'MLLES', 'MELLE', 'MLE', 'MADAME', 'MONSIEUR',
                                      'MADEMOISELLE', 'MESDAMES', 'MESSIEURS'])
                AND (words[1] <> 'M' OR length(coalesce(words[2], '')) > 1) THEN NOT organisation
           ELSE (trim(coalesce(legal_form, '')) = '9900' OR trim(coalesce(legal_form, '')) ~ '^(10|21|22|23|29)[0-9]{2}$')
                AND NOT organisation
         END
    FROM o
$$;

ALTER TABLE parcel_owners ALTER COLUMN denomination DROP NOT NULL;
ALTER TABLE parcel_owners ADD COLUMN natural_person boolean NOT NULL DEFAULT false;

-- A target added from a parcel before this change may carry the name as its owner: dropped, the
-- letter then goes to « Madame, Monsieur le Propriétaire ».
UPDATE prospecting_targets t SET owner_name = NULL
 WHERE owner_name IS NOT NULL
   AND (owner_reads_as_natural_person(owner_name, NULL)
        OR EXISTS (SELECT 1 FROM parcel_owners o
                    WHERE o.denomination = t.owner_name AND owner_reads_as_natural_person(o.denomination, o.forme_juridique)));

UPDATE parcel_owners SET natural_person = true, denomination = NULL, siren = NULL
 WHERE owner_reads_as_natural_person(denomination, forme_juridique);

-- Nothing that names a person is kept: a natural person's row has neither name nor SIREN.
ALTER TABLE parcel_owners ADD CONSTRAINT parcel_owners_natural_person_unnamed
  CHECK (CASE WHEN natural_person THEN denomination IS NULL AND siren IS NULL ELSE denomination IS NOT NULL END);
