/**
 * The measured accuracy of the comparable-sales estimate, as /methodo publishes it. Filled from
 * the output of `bench/estimate-accuracy` (chronological holdout, METHODOLOGY §2) once that
 * benchmark exists; while it is `null` the page says that no measurement is published yet.
 */
export interface EstimateAccuracy {
  /** What was estimated from what, in French (e.g. "ventes 2023 de Hendaye estimées à partir des ventes 2019–2022"). */
  holdout: string;
  sales: number;
  method: { medianAbsPctError: number; within10: number; within20: number };
  baseline: { medianAbsPctError: number; within10: number; within20: number };
  /** ISO date of the measurement. */
  measuredOn: string;
}

/** Test split of `bench/estimate-accuracy` (kept equal to its output by estimate-accuracy.test.ts). */
export const ESTIMATE_ACCURACY: EstimateAccuracy | null = {
  holdout: 'ventes de 2023 à Hendaye (Pyrénées-Atlantiques), chacune estimée à partir des seules ventes de 2019 à 2022',
  sales: 336,
  method: { medianAbsPctError: 0.142, within10: 0.333, within20: 0.631 },
  baseline: { medianAbsPctError: 0.233, within10: 0.247, within20: 0.44 },
  measuredOn: '2026-11-26',
};
