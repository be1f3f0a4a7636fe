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

export const ESTIMATE_ACCURACY: EstimateAccuracy | null = null;
