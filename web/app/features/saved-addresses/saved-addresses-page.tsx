/**
 * /pro/mesadresses: the saved addresses as cards beside their map, a tag filter, the CSV export of
 * the list as filtered. A point clicked chooses its card and brings it into view; a card clicked
 * chooses its point and centres the map on it. The map above the cards on a phone.
 */
import { formatInteger } from '@immoloupe/shared/format';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Busy } from '~/components/busy';
import { Select } from '~/components/select';
import { ResultsWithMap, scrollToResult } from '~/features/map/results-with-map';
import { AlertsNotSent } from '../alerts/alerts-not-sent';
import { useAlertStatus } from '../alerts/use-alert-status';
import { savedAddressesCsvUrl } from './api';
import { SavedAddressCard } from './saved-address-card';
import { SavedAddressesMap } from './saved-addresses-map';
import { useSavedAddresses } from './use-saved-addresses';

export function SavedAddressesPage() {
  const { tag, setTag, list, error, status, update, remove } = useSavedAddresses();
  // The address chosen, and whether from its card (the map then centres on it) or on the map.
  const [selected, setSelected] = useState<{ id: string; fromCard: boolean } | null>(null);
  const alertStatus = useAlertStatus();

  if (!list) return error ? <Alert color="red">{error}</Alert> : <Busy label="Chargement" />;
  const n = list.items.length;
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {status && !error && (
        <Text size="sm" role="status">
          {status}
        </Text>
      )}
      <Group justify="space-between" align="flex-end">
        <Text>
          {tag
            ? `${formatInteger(n)} adresse${n > 1 ? 's' : ''} avec l’étiquette «\u00a0${tag}\u00a0»`
            : `${formatInteger(n)} adresse${n > 1 ? 's' : ''} enregistrée${n > 1 ? 's' : ''} sur ${formatInteger(list.max)} possibles`}
        </Text>
        <Group align="flex-end">
          <Select label="Filtrer par étiquette" placeholder="Toutes" data={list.tags} value={tag} onChange={setTag} clearable w={220} />
          {/* Nothing to export: a real disabled button, which screen readers and contrast checks know as such (a link cannot be). */}
          {n > 0 ? (
            <Button component="a" href={savedAddressesCsvUrl(tag)} variant="default" download>
              Exporter en CSV
            </Button>
          ) : (
            <Button variant="default" disabled>
              Exporter en CSV
            </Button>
          )}
        </Group>
      </Group>
      {n > 0 && <AlertsNotSent status={alertStatus} />}
      {n === 0 && !tag ? (
        <Alert color="blue" title="Aucune adresse enregistrée">
          Ouvrez l’
          <Anchor component={Link} to="/pro/analyseadresse">
            analyse d’adresse
          </Anchor>{' '}
          ou la fiche d’une{' '}
          <Anchor component={Link} to="/pro/rechercheparcelle">
            parcelle
          </Anchor>{' '}
          et cliquez sur «{'\u00a0'}Enregistrer l’adresse{'\u00a0'}».
        </Alert>
      ) : (
        <ResultsWithMap
          results={
            <Stack gap="sm">
              {list.items.map((a) => (
                <SavedAddressCard
                  key={a.id}
                  a={a}
                  selected={a.id === selected?.id}
                  onSelect={() => setSelected({ id: a.id, fromCard: true })}
                  onUpdate={(body) => update(a.id, body)}
                  onDelete={() => void remove(a.id)}
                />
              ))}
            </Stack>
          }
          map={
            <SavedAddressesMap
              items={list.items}
              selected={selected?.id ?? null}
              centre={selected?.fromCard ? selected.id : null}
              onSelect={(id) => {
                setSelected({ id, fromCard: false });
                scrollToResult(id);
              }}
            />
          }
        />
      )}
    </Stack>
  );
}
