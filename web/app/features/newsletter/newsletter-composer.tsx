/**
 * /pro/admin/brevo: write a newsletter (subject, preheader, rich text), preview it, send a test
 * to oneself, then send it to a segment; the reports of past sends below. Without Brevo
 * configured, the page says what to set and offers nothing to send.
 */

import { countOf, formatInteger, NBSP } from '@immoloupe/shared/format';
import { SEGMENTS, type Segment } from '@immoloupe/shared/newsletter/contracts';
import { Alert, Button, Grid, Group, Loader, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Select } from '~/components/select';
import { ApiError } from '~/lib/api';
import { CampaignReports } from './campaign-reports';
import { NewsletterEditor } from './newsletter-editor';
import { NewsletterPreview } from './newsletter-preview';
import { useNewsletters } from './use-newsletters';

const NOT_CONFIGURED = `L’envoi de lettres n’est pas configuré${NBSP}: renseignez BREVO_API_KEY (clé d’API Brevo) et MAIL_FROM (expéditeur validé chez Brevo) dans la configuration du serveur, puis redémarrez-le. Pour les désinscriptions et les adresses invalides, déclarez chez Brevo le webhook /brevo/webhook?token=… avec BREVO_WEBHOOK_SECRET.`;

function failure(err: unknown, title: string) {
  notifications.show({ color: 'red', title, message: err instanceof ApiError ? err.message : 'Erreur inattendue.' });
}

export function NewsletterComposer() {
  const { data, error, sendTest, send } = useNewsletters();
  const [subject, setSubject] = useState('');
  const [preheader, setPreheader] = useState('');
  const [html, setHtml] = useState('<p>Bonjour,</p><p></p>');
  const [segment, setSegment] = useState<Segment | null>(null);
  const [busy, setBusy] = useState<'test' | 'send' | null>(null);

  if (error) return <Alert color="red">{error}</Alert>;
  if (!data) return <Loader size="sm" />;
  const counts = Object.fromEntries(data.segments.map((s) => [s.segment, s.recipients])) as Record<Segment, number>;
  const ready = data.configured && subject.trim() !== '';

  async function onTest() {
    setBusy('test');
    try {
      notifications.show({ color: 'teal', message: (await sendTest({ subject, preheader, html })).message });
    } catch (err) {
      failure(err, 'Test non envoyé');
    } finally {
      setBusy(null);
    }
  }

  async function onSend() {
    if (!segment) return;
    if (!window.confirm(`Envoyer «${NBSP}${subject}${NBSP}» à ${countOf(counts[segment], 'destinataire')} (${SEGMENTS[segment]})${NBSP}?`))
      return;
    setBusy('send');
    try {
      notifications.show({ color: 'teal', message: (await send({ subject, preheader, html, segment })).message });
    } catch (err) {
      failure(err, 'Envoi refusé');
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="lg">
      {!data.configured ? (
        <Alert color="orange" title="Brevo n’est pas configuré">
          {NOT_CONFIGURED}
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="sm">
            <Title order={2}>Rédiger</Title>
            <TextInput label="Objet" required value={subject} onChange={(e) => setSubject(e.currentTarget.value)} maxLength={200} />
            <TextInput
              label="Texte d’aperçu"
              description="La ligne que les messageries affichent après l’objet."
              value={preheader}
              onChange={(e) => setPreheader(e.currentTarget.value)}
              maxLength={200}
            />
            <NewsletterEditor value={html} onChange={setHtml} />
            <Group>
              <Button variant="default" onClick={onTest} loading={busy === 'test'} disabled={!ready}>
                M’envoyer un test
              </Button>
            </Group>
            <Group align="flex-end">
              <Select
                label="Destinataires"
                // The counts hold only those who accepted the newsletter: « Abonnés actifs (0) » beside four subscribers read as a fault.
                description="Seuls les comptes qui ont accepté la lettre d’information (adresse confirmée) sont comptés."
                placeholder="Choisir un segment"
                data={data.segments.map((s) => ({ value: s.segment, label: `${s.label} (${formatInteger(s.recipients)})` }))}
                value={segment}
                onChange={(v) => setSegment(v as Segment | null)}
                w={340}
              />
              <Button onClick={onSend} loading={busy === 'send'} disabled={!ready || !segment || counts[segment] === 0}>
                Envoyer la lettre
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="sm">
            <Title order={2}>Aperçu</Title>
            <NewsletterPreview subject={subject} preheader={preheader} html={html} />
          </Stack>
        </Grid.Col>
      </Grid>
      <Title order={2}>Envois</Title>
      <CampaignReports newsletters={data.newsletters} />
    </Stack>
  );
}
