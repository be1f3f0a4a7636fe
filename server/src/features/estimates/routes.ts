/**
 * The value opinion API, subscriber-only: `POST /api/estimates` (comparables + estimate of a
 * subject, after the agent's removals and additions), the saved opinions with their photo, and the
 * agency branding printed on the reports (`/api/agency`).
 */
import {
  agencySchema,
  estimateRequestSchema,
  type IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  saveOpinionSchema,
} from '@immoloupe/shared/market/estimate-contracts';
import express, { type Request, Router } from 'express';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import { computeEstimate } from './estimate.js';
import {
  agencyLogo,
  deleteOpinion,
  insertOpinion,
  listOpinions,
  opinionById,
  opinionPhoto,
  readAgency,
  setOpinionPhoto,
  updateOpinion,
  writeAgency,
  writeAgencyLogo,
} from './queries.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = 'Cet avis de valeur n’existe pas ou ne vous appartient pas.';

function userId(req: Request): string {
  // requireSubscriber ran before: the user is set.
  return (req.user as { id: string }).id;
}

function opinionId(req: Request): string {
  const id = String(req.params.id);
  if (!UUID.test(id)) throw new HttpError(404, NOT_FOUND);
  return id;
}

/** The image type from its first bytes (the declared Content-Type is not trusted). */
export function imageTypeOf(data: Buffer): (typeof IMAGE_TYPES)[number] | null {
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length > 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length > 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}

const imageBody = express.raw({ type: () => true, limit: MAX_IMAGE_BYTES });

function readImage(req: Request): { data: Buffer; type: string } {
  const data = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  if (data.length === 0) throw new HttpError(400, 'Image absente.');
  const type = imageTypeOf(data);
  if (!type) throw new HttpError(415, 'Image refusée\u00a0: JPEG, PNG ou WebP uniquement.');
  return { data, type };
}

export function estimateRoutes({ db }: { db: Db }): Router {
  const router = Router();

  router.post('/estimates', requireSubscriber, async (req, res) => {
    const input = estimateRequestSchema.parse(req.body ?? {});
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await computeEstimate(db, input));
  });

  router.get('/estimates/saved', requireSubscriber, async (req, res) => {
    const list = await listOpinions(db, userId(req));
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(
      list.map((o) => ({
        id: o.id,
        label: o.result.subject.label,
        type: o.result.subject.type,
        surface: o.result.subject.surface,
        finalValue: o.finalValue,
        createdAt: o.createdAt,
      })),
    );
  });

  router.post('/estimates/saved', requireSubscriber, async (req, res) => {
    const input = saveOpinionSchema.parse(req.body ?? {});
    // Recomputed here: the saved snapshot is what the method gives, never what a client sent.
    const result = await computeEstimate(db, input);
    res.status(201).json(await insertOpinion(db, userId(req), result, input.adjustmentPct, input.comment));
  });

  router.get('/estimates/saved/:id', requireSubscriber, async (req, res) => {
    const found = await opinionById(db, userId(req), opinionId(req));
    if (!found) throw new HttpError(404, NOT_FOUND);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(found);
  });

  router.put('/estimates/saved/:id', requireSubscriber, async (req, res) => {
    const id = opinionId(req);
    const input = saveOpinionSchema.parse(req.body ?? {});
    const existing = await opinionById(db, userId(req), id);
    if (!existing) throw new HttpError(404, NOT_FOUND);
    const result = await computeEstimate(db, { ...input, asOf: input.asOf ?? existing.result.asOf });
    res.json(await updateOpinion(db, userId(req), id, result, input.adjustmentPct, input.comment));
  });

  router.delete('/estimates/saved/:id', requireSubscriber, async (req, res) => {
    if (!(await deleteOpinion(db, userId(req), opinionId(req)))) throw new HttpError(404, NOT_FOUND);
    res.status(204).end();
  });

  router.put('/estimates/saved/:id/photo', requireSubscriber, imageBody, async (req, res) => {
    const id = opinionId(req);
    const image = readImage(req);
    if (!(await setOpinionPhoto(db, userId(req), id, image.data, image.type))) throw new HttpError(404, NOT_FOUND);
    res.status(204).end();
  });

  router.delete('/estimates/saved/:id/photo', requireSubscriber, async (req, res) => {
    if (!(await setOpinionPhoto(db, userId(req), opinionId(req), null, null))) throw new HttpError(404, NOT_FOUND);
    res.status(204).end();
  });

  router.get('/estimates/saved/:id/photo', requireSubscriber, async (req, res) => {
    const photo = await opinionPhoto(db, userId(req), opinionId(req));
    if (!photo) throw new HttpError(404, 'Pas de photo pour cet avis de valeur.');
    res.setHeader('Cache-Control', 'private, no-store');
    res.type(photo.type).send(photo.data);
  });

  router.get('/agency', requireSubscriber, async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await readAgency(db, userId(req)));
  });

  router.put('/agency', requireSubscriber, async (req, res) => {
    await writeAgency(db, userId(req), agencySchema.parse(req.body ?? {}));
    res.json(await readAgency(db, userId(req)));
  });

  router.put('/agency/logo', requireSubscriber, imageBody, async (req, res) => {
    const image = readImage(req);
    await writeAgencyLogo(db, userId(req), image.data, image.type);
    res.status(204).end();
  });

  router.delete('/agency/logo', requireSubscriber, async (req, res) => {
    await writeAgencyLogo(db, userId(req), null, null);
    res.status(204).end();
  });

  router.get('/agency/logo', requireSubscriber, async (req, res) => {
    const logo = await agencyLogo(db, userId(req));
    if (!logo) throw new HttpError(404, 'Pas de logo enregistré.');
    res.setHeader('Cache-Control', 'private, no-store');
    res.type(logo.type).send(logo.data);
  });

  return router;
}
