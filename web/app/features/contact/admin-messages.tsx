/**
 * Messages received through the contact form, for the admin area (`/pro/admin`): newest first,
 * paged, from the admin-only `GET /api/contact/messages`.
 */
import { type ContactMessageList, contactMessageListSchema } from '@immoloupe/shared/contact/contact-message';
import { formatDate, formatInteger } from '@immoloupe/shared/format';
import { Alert, Anchor, Badge, Button, Group, Spoiler, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Busy } from '~/components/busy';
import { WideTable } from '~/components/wide-table';
import { apiFetch } from '~/lib/api';
import { errorText } from '~/lib/query-client';

const PAGE_SIZE = 20;

const time = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' });

export function AdminContactMessages({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  const [offset, setOffset] = useState(0);
  const q = useQuery({
    queryKey: ['contact', 'messages', offset],
    queryFn: ({ signal }) => apiFetch(`/api/contact/messages?limit=${PAGE_SIZE}&offset=${offset}`, contactMessageListSchema, { signal }),
  });
  const state: { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ok'; data: ContactMessageList } = q.data
    ? { kind: 'ok', data: q.data }
    : q.error
      ? { kind: 'error', message: errorText(q.error, 'Les messages n’ont pas pu être chargés.') ?? '' }
      : { kind: 'loading' };

  return (
    <Stack gap="sm" component="section" aria-labelledby="messages-contact-titre">
      <Title order={headingOrder} id="messages-contact-titre">
        Messages de contact
      </Title>
      {state.kind === 'loading' ? <Busy size="sm" label="Chargement des messages" /> : null}
      {state.kind === 'error' ? (
        <Alert color="red" title="Erreur">
          {state.message}
        </Alert>
      ) : null}
      {state.kind === 'ok' && state.data.total === 0 ? <Text>Aucun message reçu pour l’instant.</Text> : null}
      {state.kind === 'ok' && state.data.total > 0 ? (
        <>
          <Text size="sm">
            {formatInteger(state.data.total)} message{state.data.total > 1 ? 's' : ''} — du {formatInteger(offset + 1)}
            <sup>{offset === 0 ? 'er' : 'e'}</sup> au {formatInteger(offset + state.data.messages.length)}
            <sup>e</sup>
          </Text>
          <WideTable label="Messages de contact" minWidth={720}>
            <Table striped withTableBorder verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Reçu le</Table.Th>
                  <Table.Th scope="col">De</Table.Th>
                  <Table.Th scope="col">Objet et message</Table.Th>
                  <Table.Th scope="col">E-mail à l’équipe</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {state.data.messages.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(new Date(m.createdAt))} à {time.format(new Date(m.createdAt))}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {m.name}
                      </Text>
                      <Anchor href={`mailto:${m.email}?subject=${encodeURIComponent(`Re : ${m.subject}`)}`} size="sm">
                        {m.email}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {m.subject}
                      </Text>
                      <Spoiler maxHeight={60} showLabel="Lire la suite" hideLabel="Réduire">
                        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                          {m.message}
                        </Text>
                      </Spoiler>
                    </Table.Td>
                    <Table.Td>
                      {m.mailedAt ? (
                        <Badge color="teal" variant="outline">
                          Envoyé
                        </Badge>
                      ) : (
                        <Badge color="gray" variant="outline">
                          Non envoyé
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
          <Group>
            <Button variant="default" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
              Plus récents
            </Button>
            <Button variant="default" disabled={offset + PAGE_SIZE >= state.data.total} onClick={() => setOffset(offset + PAGE_SIZE)}>
              Plus anciens
            </Button>
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
