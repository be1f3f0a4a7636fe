/** The agency printed at the top of the reports (name, contact lines, logo) and who signs them, where. */
import { NBSP } from '@immoloupe/shared/format';
import { agencyResponseSchema } from '@immoloupe/shared/market/estimate-contracts';
import { Alert, Button, Card, FileInput, Group, Image, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, apiFetch, csrfToken } from '~/lib/api';
import { AGENCY } from './print-parts';

export function AgencyForm() {
  const [name, setName] = useState('');
  const [contact, setContact] = useState('');
  const [agentName, setAgentName] = useState('');
  const [city, setCity] = useState('');
  const [hasLogo, setHasLogo] = useState(false);
  const [logo, setLogo] = useState<File | null>(null);
  const [version, setVersion] = useState(0);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  // The fields stay disabled until the stored agency is in them: typed earlier, a name was
  // overwritten by the answer, and saved empty (the letters then refused to print). If it cannot be
  // read, saving would blank what is stored, so the form stays disabled.
  const client = useQueryClient();
  const stored = useQuery({ queryKey: AGENCY, queryFn: ({ signal }) => apiFetch('/api/agency', agencyResponseSchema, { signal }) });
  const [seeded, setSeeded] = useState(false);
  const load: 'pending' | 'done' | 'failed' = seeded ? 'done' : stored.isError ? 'failed' : 'pending';
  const disabled = load !== 'done';

  // The fields take the stored agency once; a later read (the reports' own) leaves what is typed.
  useEffect(() => {
    const a = stored.data;
    if (!a || seeded) return;
    setName(a.name);
    setContact(a.contact);
    setAgentName(a.agentName);
    setCity(a.city);
    setHasLogo(a.hasLogo);
    setSeeded(true);
  }, [stored.data, seeded]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    try {
      const a = await apiFetch('/api/agency', agencyResponseSchema, {
        method: 'PUT',
        body: JSON.stringify({ name, contact, agentName, city }),
      });
      if (logo) {
        const res = await fetch('/api/agency/logo', {
          method: 'PUT',
          headers: { 'content-type': logo.type || 'application/octet-stream', 'x-csrf-token': csrfToken() },
          body: logo,
          credentials: 'same-origin',
        });
        if (!res.ok)
          throw new ApiError(res.status, ((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? 'Logo refusé.');
        setHasLogo(true);
        setLogo(null);
        setVersion((v) => v + 1);
      } else setHasLogo(a.hasLogo);
      // The reports print what was just saved.
      client.setQueryData(AGENCY, logo ? { ...a, hasLogo: true } : a);
      setMessage(
        a.name.trim()
          ? { ok: true, text: `Agence enregistrée${NBSP}: elle figure en tête de vos rapports.` }
          : // Saved without a name: say what that means rather than « Agence enregistrée ».
            {
              ok: true,
              text: `Enregistré sans nom d’agence${NBSP}: vos rapports n’ont pas d’en-tête d’agence, et les lettres de prospection attendent ce nom pour être signées.`,
            },
      );
    } catch (err) {
      setMessage({ ok: false, text: err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'Enregistrement impossible.' });
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Votre agence">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="h4">
            Votre agence (en-tête des rapports)
          </Title>
          <Group align="flex-start" grow>
            <Stack gap="sm">
              <TextInput
                label="Nom de l’agence"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                maxLength={120}
                disabled={disabled}
              />
              <Textarea
                label="Coordonnées (adresse, téléphone, e-mail)"
                value={contact}
                onChange={(e) => setContact(e.currentTarget.value)}
                maxLength={500}
                disabled={disabled}
                autosize
                minRows={3}
              />
              <Group grow align="flex-start">
                <TextInput
                  label="Signataire des rapports"
                  description={`Nom et prénom de l’agent, sous «${NBSP}Fait à…, le…${NBSP}»`}
                  value={agentName}
                  onChange={(e) => setAgentName(e.currentTarget.value)}
                  maxLength={120}
                  disabled={disabled}
                />
                <TextInput
                  label="Ville de signature"
                  description={`«${NBSP}Fait à Hendaye, le…${NBSP}»`}
                  value={city}
                  onChange={(e) => setCity(e.currentTarget.value)}
                  maxLength={80}
                  disabled={disabled}
                />
              </Group>
            </Stack>
            <Stack gap="sm">
              <FileInput
                label="Logo"
                accept="image/jpeg,image/png,image/webp"
                value={logo}
                onChange={setLogo}
                clearable
                disabled={disabled}
                placeholder="JPEG, PNG ou WebP, 2 Mo au plus"
              />
              {hasLogo ? (
                <Image src={`/api/agency/logo?v=${version}`} alt="Logo de l’agence" h={64} w="auto" fit="contain" />
              ) : (
                <Text c="dimmed">Pas de logo.</Text>
              )}
            </Stack>
          </Group>
          <Group>
            <Button type="submit" variant="light" disabled={disabled}>
              Enregistrer l’agence
            </Button>
          </Group>
          {load === 'failed' && (
            <Alert color="red" role="alert">
              Votre agence n’a pas pu être chargée{NBSP}: rechargez la page pour la modifier.
            </Alert>
          )}
          {message && (
            <Alert color={message.ok ? 'green' : 'red'} role={message.ok ? 'status' : 'alert'}>
              {message.text}
            </Alert>
          )}
        </Stack>
      </form>
    </Card>
  );
}
