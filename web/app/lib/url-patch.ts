/** A copy of `params` with `patch` applied: a null or empty value removes its key, so links stay short. */
export function patchParams(params: URLSearchParams, patch: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || v === '') next.delete(k);
    else next.set(k, v);
  }
  return next;
}
