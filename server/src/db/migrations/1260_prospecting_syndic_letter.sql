-- The letters to the syndics of a list's co-ownerships get their own body (NULL: the default one):
-- a syndic manages the building and owns none of it, the owners' letter does not fit.
ALTER TABLE prospecting_lists ADD COLUMN syndic_letter_body text;
