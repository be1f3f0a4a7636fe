/**
 * The question asked when a listing does not say sale or rent: nothing is compared until the person
 * answers (the price per m² only hints, it never decides), and the fields the page did not give.
 */
import type { ListingFields } from '@immoloupe/shared/listings/store.logic';
import { saleOrRent } from '@immoloupe/shared/listings/transaction.logic';
import { Alert, Button, Group, Text } from '@mantine/core';

export function TransactionQuestion({ fields, onAnswer }: { fields: ListingFields; onAnswer: (f: ListingFields) => void }) {
  if (fields.transaction) return null;
  const hint = saleOrRent(fields);
  return (
    <Alert color="orange" title="Vente ou location ?" role="status" data-testid="question-transaction">
      <Text size="sm">
        L’annonce ne dit pas s’il s’agit d’une vente ou d’une location. Aucune comparaison n’est faite avant votre réponse.
        {hint ? ` Au prix indiqué par m², il s’agit probablement d’une ${hint.kind === 'location' ? 'location' : 'vente'}.` : ''}
      </Text>
      <Group mt="xs">
        <Button size="xs" onClick={() => onAnswer({ ...fields, transaction: 'vente' })}>
          C’est une vente
        </Button>
        <Button size="xs" variant="outline" onClick={() => onAnswer({ ...fields, transaction: 'location' })}>
          C’est une location
        </Button>
      </Group>
    </Alert>
  );
}

const FIELD_LABELS: [keyof ListingFields, string][] = [
  ['transaction', 'transaction'],
  ['propertyType', 'type de bien'],
  ['price', 'prix'],
  ['surface', 'surface'],
  ['rooms', 'pièces'],
  ['postcode', 'code postal'],
  ['city', 'ville'],
  ['dpeClass', 'étiquette DPE'],
  ['gesClass', 'étiquette GES'],
];

/** The main fields the page did not give, named for the person to fill in. */
export function UnreadFields({ fields, sources }: { fields: ListingFields; sources: Record<string, string> }) {
  const unread = FIELD_LABELS.filter(([k]) => !sources[k] && (fields[k] === null || fields[k] === undefined)).map(([, label]) => label);
  if (unread.length === 0) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="champs-non-lus">
      Non lus sur la page{'\u00a0'}: {unread.join(', ')}. Complétez-les ci-dessous si vous les connaissez, puis relancez l’analyse.
    </Text>
  );
}
