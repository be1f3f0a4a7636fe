import { Router } from 'express';

/** `GET /api/version?t=…` → `{ buildId }` of the running build (SEED-SPEC §7); never cached. */
export function versionRoutes(buildId: string): Router {
  const router = Router();
  router.get('/version', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ buildId });
  });
  return router;
}
