/**
 * The contact form: checked in the browser with the same zod schema as the server, sent to
 * `POST /api/contact` (CSRF header through apiFetch), field errors shown under each field. A link
 * may prefill the subject (`/contact?objet=…`: a subscriber's request for a data import).
 */
import {
  CONTACT_LIMITS,
  type ContactMessageInput,
  contactFieldErrors,
  contactMessageInputSchema,
  contactSentSchema,
  HONEYPOT_FIELD,
} from '@immoloupe/shared/contact/contact-message';
import { formatInteger } from '@immoloupe/shared/format';
import { CONTACT_SUBJECT_PARAM } from '@immoloupe/shared/opendata/import-hint';
import { Alert, Box, Button, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, apiFetch } from '~/lib/api';

type Field = 'name' | 'email' | 'subject' | 'message';
type Errors = Partial<Record<Field, string>>;
type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'error'; message: string };

const EMPTY: Required<Omit<ContactMessageInput, typeof HONEYPOT_FIELD>> = { name: '', email: '', subject: '', message: '' };

export function ContactForm() {
  const [params] = useSearchParams();
  const [values, setValues] = useState(() => ({
    ...EMPTY,
    subject: (params.get(CONTACT_SUBJECT_PARAM) ?? '').slice(0, CONTACT_LIMITS.subject),
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const honeypot = useRef<HTMLInputElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);

  const set = (field: Field) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((er) => ({ ...er, [field]: undefined }));
  };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const input = { ...values, [HONEYPOT_FIELD]: honeypot.current?.value ?? '' };
    const parsed = contactMessageInputSchema.safeParse(input);
    if (!parsed.success) {
      const fieldErrors = contactFieldErrors(parsed.error) as Errors;
      setErrors(fieldErrors);
      setStatus({ kind: 'error', message: 'Le message n’a pas été envoyé : corrigez les champs signalés.' });
      focusFirstInvalid(e.currentTarget, fieldErrors);
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      await apiFetch('/api/contact', contactSentSchema, { method: 'POST', body: JSON.stringify(input) });
      setValues(EMPTY);
      setErrors({});
      setStatus({ kind: 'sent' });
    } catch (err) {
      if (err instanceof ApiError) {
        const fieldErrors: Errors = {};
        for (const issue of err.issues) if (isField(issue.path)) fieldErrors[issue.path] = issue.message;
        setErrors(fieldErrors);
        setStatus({ kind: 'error', message: err.message });
      } else {
        setStatus({ kind: 'error', message: 'Le message n’a pas pu être envoyé. Réessayez dans un instant.' });
      }
    }
    statusRef.current?.focus();
  }

  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-describedby="contact-aide" maw={640}>
      <Stack gap="md">
        <Text id="contact-aide" size="sm">
          Tous les champs sont obligatoires. Nous répondons à l’adresse e-mail que vous indiquez.
        </Text>
        <div ref={statusRef} tabIndex={-1} aria-live="polite">
          {status.kind === 'sent' ? (
            <Alert color="teal" title="Message envoyé" data-testid="contact-envoye">
              Merci ! Votre message nous est bien parvenu ; nous vous répondrons par e-mail.
            </Alert>
          ) : null}
          {status.kind === 'error' ? (
            <Alert color="red" title="Message non envoyé" data-testid="contact-erreur">
              {status.message}
            </Alert>
          ) : null}
        </div>
        <TextInput
          label="Votre nom"
          name="name"
          autoComplete="name"
          required
          maxLength={CONTACT_LIMITS.name}
          value={values.name}
          onChange={set('name')}
          error={errors.name}
        />
        <TextInput
          label="Votre adresse e-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={CONTACT_LIMITS.email}
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
        <TextInput
          label="Objet"
          name="subject"
          required
          maxLength={CONTACT_LIMITS.subject}
          value={values.subject}
          onChange={set('subject')}
          error={errors.subject}
        />
        <Textarea
          label="Message"
          name="message"
          required
          autosize
          minRows={6}
          maxLength={CONTACT_LIMITS.message}
          value={values.message}
          onChange={set('message')}
          error={errors.message}
          description={`Entre ${formatInteger(CONTACT_LIMITS.messageMin)} et ${formatInteger(CONTACT_LIMITS.message)} caractères.`}
        />
        {/* Honeypot: off-screen and hidden from assistive technologies; people never fill it, naive bots do. */}
        <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
          <label htmlFor="contact-site">Ne remplissez pas ce champ</label>
          <input id="contact-site" ref={honeypot} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div>
          <Button type="submit" loading={status.kind === 'sending'}>
            Envoyer le message
          </Button>
        </div>
      </Stack>
    </Box>
  );
}

function isField(path: string): path is Field {
  return path === 'name' || path === 'email' || path === 'subject' || path === 'message';
}

function focusFirstInvalid(form: HTMLFormElement, errors: Errors) {
  const first = (['name', 'email', 'subject', 'message'] as const).find((f) => errors[f]);
  if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
}
