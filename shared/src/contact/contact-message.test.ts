import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, contactFieldErrors, contactMessageInputSchema } from './contact-message.js';

const valid = {
  name: 'Camille Martin',
  email: 'camille@exemple.fr',
  subject: 'Démonstration',
  message: 'Bonjour, je voudrais une démonstration.',
};

describe('contact message schema', () => {
  it('accepts a complete message and trims it', () => {
    const parsed = contactMessageInputSchema.parse({ ...valid, name: '  Camille Martin  ' });
    expect(parsed.name).toBe('Camille Martin');
    expect(parsed.website).toBe('');
  });

  it('says in French what is missing or wrong, field by field', () => {
    const res = contactMessageInputSchema.safeParse({ name: ' ', email: 'pas-une-adresse', subject: '', message: 'court' });
    expect(res.success).toBe(false);
    if (res.success) return;
    expect(contactFieldErrors(res.error)).toEqual({
      name: 'Votre nom est obligatoire.',
      email: 'Cette adresse e-mail n’est pas valide (exemple\u00a0: prenom.nom@exemple.fr).',
      subject: 'L’objet est obligatoire.',
      message: `Le message doit contenir au moins ${CONTACT_LIMITS.messageMin} caractères.`,
    });
  });

  it('rejects missing fields and over-long text', () => {
    const missing = contactMessageInputSchema.safeParse({});
    expect(missing.success).toBe(false);
    if (!missing.success) expect(contactFieldErrors(missing.error).email).toBe('Votre adresse e-mail est obligatoire.');
    const long = contactMessageInputSchema.safeParse({ ...valid, message: 'x'.repeat(CONTACT_LIMITS.message + 1) });
    expect(long.success).toBe(false);
    if (!long.success) expect(contactFieldErrors(long.error).message).toContain('ne doit pas dépasser');
  });
});
