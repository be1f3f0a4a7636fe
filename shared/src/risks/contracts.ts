/**
 * Risks around a parcel or a point (`GET /api/parcels/:id/risks`, `GET /api/risks?lat=&lon=`,
 * subscribers): the risks GASPAR lists for the commune, and the classified installations (ICPE)
 * and former industrial sites (BASIAS) within the radius, nearest first, with their distance.
 */
import { z } from 'zod';

/** The radius of « around the parcel », in metres: what land tools and the issue ask for. */
export const RISK_RADIUS_M = 500;

export const riskPointQuerySchema = z.object({
  lat: z.coerce.number().min(-90, 'Latitude invalide.').max(90, 'Latitude invalide.'),
  lon: z.coerce.number().min(-180, 'Longitude invalide.').max(180, 'Longitude invalide.'),
  /** INSEE code of the commune; the GASPAR risks are listed by commune. */
  insee: z
    .string()
    .regex(/^(\d{2}|2A|2B)\d{3}$/i, 'Code INSEE invalide (5 caractères, par exemple 93010).')
    .transform((s) => s.toUpperCase()),
});
export type RiskPointQuery = z.infer<typeof riskPointQuerySchema>;

export const communeRiskSchema = z.object({
  /** GASPAR `num_risque`: 11 inondation, 114 ruissellement (a detail of 11)… */
  code: z.string(),
  label: z.string(),
  /** The code of the risk this one details (11 for 114), null for a main risk. */
  parent: z.string().nullable(),
});

export const icpeSiteSchema = z.object({
  id: z.string(),
  /** The operator; « exploitant personne physique — nom non affiché » when the name is a private person's. */
  operator: z.string(),
  address: z.string().nullable(),
  regime: z.string().nullable(),
  seveso: z.string().nullable(),
  lastInspection: z.string().nullable(),
  /** How the site was placed: coordinates of the file, its BAN address, or the middle of its street. */
  placedBy: z.enum(['fichier', 'adresse', 'voie']),
  distanceM: z.number(),
});

export const basiasSiteSchema = z.object({
  id: z.string(),
  /** Successive operators, those that are private persons replaced by the notice. */
  names: z.string().nullable(),
  address: z.string().nullable(),
  activityCodes: z.string().nullable(),
  /** « Activité terminée », « En activité », « Ne sait pas ». */
  occupation: z.string().nullable(),
  distanceM: z.number(),
});

export const risksSchema = z.object({
  insee: z.string(),
  radiusM: z.number(),
  /** Whether any GASPAR, ICPE or BASIAS file was imported for this commune (else the lists say nothing). */
  loaded: z.object({ gaspar: z.boolean(), icpe: z.boolean(), basias: z.boolean() }),
  risks: z.array(communeRiskSchema),
  icpe: z.array(icpeSiteSchema),
  /** ICPE sites of the commune the file could not place (no BAN address matched): listed apart, without distance. */
  icpeUnplaced: z.number(),
  basias: z.array(basiasSiteSchema),
});
export type Risks = z.infer<typeof risksSchema>;
