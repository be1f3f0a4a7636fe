/**
 * /pro/admin/brevo: write a newsletter (subject, preheader, rich text), preview it, send a test
 * to oneself, then send it to a segment (confirmed in a window of the page); the reports of past
 * sends below. The draft is kept in this browser until sent (`useNewsletterDraft`). French
 * typography (no-break spaces before « : ; ? ! € % » and inside « ») is applied to what was typed,
 * in the preview and in what is sent. Without Brevo configured, the page says what to set and
 * offers nothing to send.
 */

import { countOf, formatInteger, NBSP } from '@immoloupe/shared/format';
import { SEGMENTS, type Segment } from '@immoloupe/shared/newsletter/contracts';
import { frenchTypography, frenchTypographyHtml } from '@immoloupe/shared/typography';
import { Alert, Button, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Busy } from '~/components/busy';
import { useConfirm } from '~/components/confirm-dialog';
import { Select } from '~/components/select';
import { ApiError } from '~/lib/api';
import { useSessionUser } from '~/lib/session';
import { CampaignReports } from './campaign-reports';
import { NewsletterEditor } from './newsletter-editor';
import { NewsletterPreview } from './newsletter-preview';
import { useNewsletterDraft } from './use-newsletter-draft';
import { useNewsletters } from './use-newsletters';

const NOT_CONFIGURED = `L’envoi de lettres n’est pas configuré${NBSP}: renseignez BREVO_API_KEY (clé d’API Brevo) et MAIL_FROM (expéditeur validé chez Brevo) dans la configuration du serveur, puis redémarrez-le. Pour les désinscriptions et les adresses invalides, déclarez chez Brevo le webhook /brevo/webhook?token=… avec BREVO_WEBHOOK_SECRET.`;

function failure(err: unknown, title: string) {
  notifications.show({ color: 'red', title, message: err instanceof ApiError ? err.message : 'Erreur inattendue.' });
}

export function NewsletterComposer() {
  const { data, error, sendTest, send } = useNewsletters();
  const draft = useNewsletterDraft(useSessionUser()?.email ?? null);
  const [segment, setSegment] = useState<Segment | null>(null);
  const [busy, setBusy] = useState<'test' | 'send' | null>(null);
  const { ask, dialog } = useConfirm();

  if (error) return <Alert color="red">{error}</Alert>;
  if (!data || !draft.ready) return <Busy size="sm" />;
  const counts = Object.fromEntries(data.segments.map((s) => [s.segment, s.recipients])) as Record<Segment, number>;
  const ready = data.configured && draft.subject.trim() !== '';
  // What the recipients read: what was typed, with French typography.
  const letter = {
    subject: frenchTypography(draft.subject),
    preheader: frenchTypography(draft.preheader),
    html: frenchTypographyHtml(draft.html),
  };

  async function onTest() {
    setBusy('test');
    try {
      notifications.show({ color: 'teal', message: (await sendTest(letter)).message });
    } catch (err) {
      failure(err, 'Test non envoyé');
    } finally {
      setBusy(null);
    }
  }

  async function sendTo(chosen: Segment) {
    setBusy('send');
    try {
      notifications.show({ color: 'teal', message: (await send({ ...letter, segment: chosen })).message });
      draft.clear();
    } catch (err) {
      failure(err, 'Envoi refusé');
    } finally {
      setBusy(null);
    }
  }

  function onSend() {
    if (!segment) return;
    ask({
      title: 'Envoyer la lettre',
      message: `Envoyer «${NBSP}${letter.subject.trim()}${NBSP}» à ${countOf(counts[segment], 'destinataire')} (${SEGMENTS[segment]})${NBSP}?`,
      detail: 'Un envoi lancé ne peut pas être arrêté. Le brouillon est effacé une fois la lettre envoyée.',
      verb: 'Envoyer',
      action: () => sendTo(segment),
    });
  }

  function onDiscard() {
    ask({
      title: 'Effacer le brouillon',
      message: `Effacer le brouillon${NBSP}?`,
      detail: 'L’objet, le texte d’aperçu et le contenu de la lettre seront perdus.',
      verb: 'Effacer',
      destructive: true,
      action: draft.clear,
    });
  }

  return (
    <Stack gap="lg">
      {dialog}
      {!data.configured ? (
        <Alert color="orange" title="Brevo n’est pas configuré">
          {NOT_CONFIGURED}
        </Alert>
      ) : null}
      {draft.restored ? (
        <Alert color="blue" title="Brouillon restauré" withCloseButton closeButtonLabel="Fermer" onClose={draft.dismissNotice}>
          <Group justify="space-between">
            <Text size="sm">La lettre commencée sur ce navigateur est reprise là où vous l’aviez laissée.</Text>
            <Button size="xs" variant="default" onClick={onDiscard}>
              Effacer le brouillon
            </Button>
          </Group>
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="sm">
            <Title order={2}>Rédiger</Title>
            <TextInput
              label="Objet"
              required
              value={draft.subject}
              onChange={(e) => draft.change({ subject: e.currentTarget.value })}
              maxLength={200}
            />
            <TextInput
              label="Texte d’aperçu"
              description="La ligne que les messageries affichent après l’objet."
              value={draft.preheader}
              onChange={(e) => draft.change({ preheader: e.currentTarget.value })}
              maxLength={200}
            />
            <NewsletterEditor key={draft.revision} value={draft.html} onChange={(html) => draft.change({ html })} />
            <Text size="xs" c="dimmed">
              Le brouillon est gardé sur ce navigateur jusqu’à l’envoi. Les espaces insécables de la typographie française sont ajoutés à
              l’envoi, comme dans l’aperçu.
            </Text>
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
            <NewsletterPreview subject={letter.subject} preheader={letter.preheader} html={letter.html} />
          </Stack>
        </Grid.Col>
      </Grid>
      <Title order={2}>Envois</Title>
      <CampaignReports newsletters={data.newsletters} />
    </Stack>
  );
}
