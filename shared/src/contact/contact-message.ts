/**
 * The contact form's contract (/contact): one zod schema that the browser uses to show errors
 * before sending and the server uses to reject bad input, so both say the same French words.
 */
import { z } from 'zod';
import { formatInteger } from '../format.js';

export const CONTACT_LIMITS = {
  name: 120,
  email: 254,
  subject: 150,
  message: 5000,
  /** Fewer characters than this is not a message one can answer. */
  messageMin: 10,
} as const;

/** Accepted contact submissions per IP address and per hour; beyond, the API answers 429. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMinutes: 60 } as const;

/**
 * Name of the honeypot field: hidden from people (and from assistive technologies), filled in
 * by naive bots. A submission that fills it is answered as a success and thrown away.
 */
export const HONEYPOT_FIELD = 'website';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} est obligatoire.` })
    .trim()
    .min(1, `${label} est obligatoire.`)
    .max(max, `${label} ne doit pas dépasser ${formatInteger(max)} caractères.`);

export const contactMessageInputSchema = z.object({
  name: text('Votre nom', CONTACT_LIMITS.name),
  email: z
    .string({ error: 'Votre adresse e-mail est obligatoire.' })
    .trim()
    .min(1, 'Votre adresse e-mail est obligatoire.')
    .max(CONTACT_LIMITS.email, `L’adresse e-mail ne doit pas dépasser ${CONTACT_LIMITS.email} caractères.`)
    .pipe(z.email('Cette adresse e-mail n’est pas valide (exemple\u00a0: prenom.nom@exemple.fr).')),
  subject: text('L’objet', CONTACT_LIMITS.subject),
  message: text('Le message', CONTACT_LIMITS.message).min(
    CONTACT_LIMITS.messageMin,
    `Le message doit contenir au moins ${CONTACT_LIMITS.messageMin} caractères.`,
  ),
  [HONEYPOT_FIELD]: z.string().max(500).optional().default(''),
});

export type ContactMessageInput = z.input<typeof contactMessageInputSchema>;
export type ContactMessage = z.output<typeof contactMessageInputSchema>;

export const contactSentSchema = z.object({ ok: z.literal(true) });

/** One message as the admin area lists it. */
export const contactMessageRecordSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  /** When it was e-mailed to the team; null when no mail transport is configured or sending failed. */
  mailedAt: z.string().nullable(),
});
export type ContactMessageRecord = z.infer<typeof contactMessageRecordSchema>;

export const contactMessageListSchema = z.object({
  messages: z.array(contactMessageRecordSchema),
  total: z.number().int(),
});
export type ContactMessageList = z.infer<typeof contactMessageListSchema>;

/** Field errors of a failed parse, keyed by field name (the first message of each field). */
export function contactFieldErrors(error: z.ZodError): Partial<Record<keyof ContactMessage, string>> {
  const out: Partial<Record<keyof ContactMessage, string>> = {};
  for (const issue of error.issues) {
    const key = issue.path[0] as keyof ContactMessage | undefined;
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}
