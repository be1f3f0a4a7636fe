/**
 * Pairing: one click creates an access key named for the extension and shows it once, to paste
 * into the extension's settings. Nothing but its fingerprint is kept on the server.
 */
import { createKeyResponseSchema } from '@immoloupe/shared/accounts/contracts';
import { formatDate, NBSP } from '@immoloupe/shared/format';
import { Alert, Button, Code, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError, apiFetch } from '~/lib/api';

export function Pairing() {
  const [secret, setSecret] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pair() {
    setPending(true);
    setError(null);
    try {
      const name = `Extension navigateur du ${formatDate(new Date())}`;
      const res = await apiFetch('/api/keys', createKeyResponseSchema, { method: 'POST', body: JSON.stringify({ name }) });
      setSecret(res.secret);
    } catch (err) {
      setError(err instanceof ApiError ? (err.issues[0]?.message ?? err.message) : 'Erreur inattendue\u00a0: réessayez.');
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack gap="sm">
      <Text>
        L’extension se connecte à votre compte avec une clé d’accès personnelle. Créez-la ici, puis collez-la dans les réglages de
        l’extension (bouton Immoloupe de la barre d’outils).
      </Text>
      {secret ? (
        <Alert color="teal" title="Clé de l’extension créée" data-testid="pairing-key">
          <Stack gap="xs">
            <Text size="sm">Copiez-la maintenant{NBSP}: elle ne sera plus jamais affichée.</Text>
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="pairing-secret" style={{ wordBreak: 'break-all' }}>
                {secret}
              </Code>
              <CopyButton value={secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? 'Copiée' : 'Copier'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <List size="sm">
              <List.Item>
                Ouvrez les réglages de l’extension et collez la clé dans «{NBSP}Clé d’accès personnelle{NBSP}».
              </List.Item>
              <List.Item>
                Cliquez sur «{NBSP}Enregistrer{NBSP}»{NBSP}: l’extension vérifie la clé auprès d’Immoloupe.
              </List.Item>
              <List.Item>Une clé perdue ou volée se révoque sur la page des clés d’accès.</List.Item>
            </List>
          </Stack>
        </Alert>
      ) : (
        <Group>
          <Button onClick={() => void pair()} loading={pending}>
            Associer l’extension
          </Button>
        </Group>
      )}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
