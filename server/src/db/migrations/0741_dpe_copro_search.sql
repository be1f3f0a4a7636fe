-- DPE search (/pro/recherchedpe): a commune (or postcode) and classes, newest first, read from
-- the index alone up to the first page; « replaced » is looked up by the number it replaces.
CREATE INDEX dpe_insee_class_date ON dpe (code_insee_ban, etiquette_dpe, date_etablissement DESC);
CREATE INDEX dpe_postal_class_date ON dpe (code_postal_ban, etiquette_dpe, date_etablissement DESC);
CREATE INDEX dpe_replaced ON dpe (numero_dpe_remplace) WHERE numero_dpe_remplace IS NOT NULL;
DROP INDEX IF EXISTS dpe_insee;

-- Co-ownership search (/pro/recherchecopro): a commune then the end of the syndic mandate.
CREATE INDEX copros_insee_mandate ON copros (code_insee, date_fin_dernier_mandat);
CREATE INDEX copros_postal ON copros (code_postal);
DROP INDEX IF EXISTS copros_insee;
