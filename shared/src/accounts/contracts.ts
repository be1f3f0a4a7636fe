/**
 * Contracts of the accounts, subscriptions and access keys API: zod schemas validated by the
 * server on input and by the browser on output, and the types inferred from them.
 */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, weakPasswordMessage } from './password-strength.js';

export const emailSchema = z
  .string({ error: 'Adresse e-mail requise.' })
  .trim()
  .toLowerCase()
  .max(254, 'Adresse e-mail trop longue.')
  .pipe(z.email({ error: 'Adresse e-mail invalide.' }));

/** A new password: refused when weak (same rule as the strength meter). */
export const newPasswordSchema = z
  .string({ error: 'Mot de passe requis.' })
  .max(PASSWORD_MAX_LENGTH, 'Mot de passe trop long.')
  .superRefine((value, ctx) => {
    const problem = weakPasswordMessage(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A password typed to prove who one is: never checked for strength here. */
const currentPasswordSchema = z.string({ error: 'Mot de passe requis.' }).min(1, 'Mot de passe requis.').max(PASSWORD_MAX_LENGTH);

/** One-time token of an e-mailed link (activation, reset). */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{32,128}$/;
const linkTokenSchema = z.string().regex(LINK_TOKEN, 'Lien invalide ou incomplet.');

export const signupRequestSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  /** Newsletters: a separate opt-in, off unless ticked (CNIL). */
  marketingConsent: z.boolean().default(false),
});
export const activateRequestSchema = z.object({ token: linkTokenSchema });
export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
/** A new confirmation link, for an account whose link was lost or has expired. */
export const resendActivationRequestSchema = z.object({ email: emailSchema });
export const resetPasswordRequestSchema = z.object({ token: linkTokenSchema, password: newPasswordSchema });
export const changePasswordRequestSchema = z.object({ currentPassword: currentPasswordSchema, newPassword: newPasswordSchema });
export const deleteAccountRequestSchema = z.object({ password: currentPasswordSchema });

/** How the e-mail of a link left the server: sent by the mail service, or written to its log. */
export const mailDeliverySchema = z.enum(['sent', 'log']);
export type MailDelivery = z.infer<typeof mailDeliverySchema>;

/** Answer of the requests that send a link: the same whether the address is known or not. */
export const linkSentResponseSchema = z.object({ message: z.string(), mailDelivery: mailDeliverySchema });
export type LinkSentResponse = z.infer<typeof linkSentResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

/** `abo` of SEED-SPEC §3: the subscription information of the client. */
export const aboSchema = z.object({
  /** `trial`: the free trial of a new account (TRIAL_DAYS, decision 1371), status `trialing`. */
  source: z.enum(['stripe', 'manual', 'trial']),
  /** Stripe's status (`active`, `trialing`, `past_due`, `canceled`…); manual: active or canceled. */
  status: z.string(),
  /** End of the period paid or granted (renewal date of an active Stripe subscription). */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type Abo = z.infer<typeof aboSchema>;

/** The client record (`GET /api/stripe/auth`). */
export const clientRecordSchema = z.object({ abo: aboSchema.nullable(), aboactif: z.boolean() });
export type ClientRecord = z.infer<typeof clientRecordSchema>;

export const roleSchema = z.enum(['subscriber', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** The session as `/api/auth/session` returns it (Auth.js shape, our user fields). */
export const sessionSchema = z.object({
  user: z.object({ email: z.string(), role: roleSchema, client: clientRecordSchema.nullable() }),
  expires: z.string(),
});
export type SessionData = z.infer<typeof sessionSchema>;

export const accountResponseSchema = z.object({
  email: z.string(),
  role: roleSchema,
  createdAt: z.string(),
  client: clientRecordSchema.nullable(),
  /** Online payment is configured (Stripe keys present). */
  paymentConfigured: z.boolean(),
  /** The customer portal can be opened (a Stripe customer exists and Stripe is configured). */
  portalAvailable: z.boolean(),
  /** Agreed to receive the newsletter (separate opt-in, withdrawn at any time). */
  marketingConsent: z.boolean(),
});
export type AccountResponse = z.infer<typeof accountResponseSchema>;

export const redirectUrlResponseSchema = z.object({ url: z.string() });

export const offerResponseSchema = z.object({
  priceCents: z.number().int(),
  interval: z.enum(['month', 'year']),
  paymentConfigured: z.boolean(),
});
export type OfferResponse = z.infer<typeof offerResponseSchema>;

// Access keys
export const ACCESS_KEY_PREFIX = 'iml_';
export const createKeyRequestSchema = z.object({
  name: z.string({ error: 'Nom requis.' }).trim().min(1, 'Donnez un nom à la clé.').max(80, 'Nom trop long (80 caractères au plus).'),
});
export const keySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** First characters of the key, to recognise it; the key itself is never shown again. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type KeySummary = z.infer<typeof keySummarySchema>;
export const keyListResponseSchema = z.object({ keys: z.array(keySummarySchema) });
export const createKeyResponseSchema = z.object({ key: keySummarySchema, secret: z.string() });

// Administration
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  createdAt: z.string(),
  emailVerified: z.boolean(),
  /** Disabled by an administrator: cannot sign in. */
  disabled: z.boolean(),
  abo: aboSchema.nullable(),
  aboactif: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListResponseSchema = z.object({ users: z.array(adminUserSchema), total: z.number().int() });
export const adminUserQuerySchema = z.object({
  q: z.string().trim().max(254).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const ADMIN_PAGE_SIZE = 50;
export const adminSubscriptionRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('grant'), months: z.coerce.number().int().min(1).max(36) }),
  z.object({ action: z.literal('extend'), months: z.coerce.number().int().min(1).max(36) }),
  z.object({ action: z.literal('end') }),
]);
export type AdminSubscriptionRequest = z.infer<typeof adminSubscriptionRequestSchema>;

/** `GET /api/session/reload` query (SEED-SPEC §7). */
export const sessionReloadQuerySchema = z.object({
  status: z.enum(['loading', 'authenticated', 'unauthenticated']).optional(),
  data: z.string().max(64).optional(),
  to: z.string().max(2048).optional(),
  from: z.string().max(2048).optional(),
});
