-- The value opinion's measured error (issue 41, decision 1430): the estimate benchmark's
-- chronological holdout (`runSplit`) run on the DVF sales of a commune, or of its département when
-- the commune has too few, kept until the next DVF import (`dvf_run`: the last succeeded DVF import
-- run when it was measured, 0 when there was none).
CREATE TABLE estimate_accuracy (
  scope text NOT NULL CHECK (scope IN ('commune', 'departement')),
  code text NOT NULL,
  dvf_run bigint NOT NULL,
  -- Year whose sales were estimated from the four before it; null without any sale.
  test_year text,
  -- Sales the method estimated, and its median absolute percentage error (0–1, null when none).
  n integer NOT NULL,
  mdape double precision,
  computed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, code)
);
