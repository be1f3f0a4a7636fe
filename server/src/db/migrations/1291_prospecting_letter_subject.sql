-- The « Objet » line of a list's letters, after the date (NF Z11-001), one for the owners and one
-- for the syndics (NULL: the default subject; '' : no « Objet » line).
ALTER TABLE prospecting_lists ADD COLUMN letter_subject text;
ALTER TABLE prospecting_lists ADD COLUMN syndic_letter_subject text;
