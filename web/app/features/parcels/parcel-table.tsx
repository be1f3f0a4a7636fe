/**
 * The page of parcels found, with their BAN address and land figures (main PLU zone, built footprint,
 * coverage): a row shows its sheet; rows ticked go to a prospecting list at once. On a phone each
 * parcel is a card: area, zone and coverage first, then the parcel's button that opens its sheet.
 */
import { formatPercent, formatSurface } from '@immoloupe/shared/format';
import { BUILDINGS_NOT_IMPORTED, type ParcelLand } from '@immoloupe/shared/land/contracts';
import type { Parcel } from '@immoloupe/shared/opendata/contracts';
import { NATURAL_PERSON_NOTICE } from '@immoloupe/shared/owners/natural-person.logic';
import type { ParcelSearchResult } from '@immoloupe/shared/parcels/search-contracts';
import type { TargetInput } from '@immoloupe/shared/prospecting/contracts';
import { Badge, Button, Text } from '@mantine/core';
import type { ResponsiveColumn } from '~/components/responsive-table';
import { SelectableTable } from '~/features/prospecting/selectable-table';

/**
 * A parcel of the results as a prospecting target, at its first BAN address, the one its sheet
 * shows; the cadastral description only when the BAN gives it none. Its legal-entity owner is
 * named when the results list only one.
 */
export function parcelTarget(p: Parcel, result: Pick<ParcelSearchResult, 'commune' | 'owners' | 'addresses'>): TargetInput {
  // A natural person's row is named by its role only: never the target's owner.
  const owners = (result.owners[p.id] ?? []).filter((name) => !name.includes(NATURAL_PERSON_NOTICE));
  return {
    kind: 'parcel',
    ref: p.id,
    label: `Parcelle ${p.section} ${p.numero} (${p.id})`,
    address: result.addresses[p.id] ?? `${result.commune?.nom ?? p.codeCommune}, section ${p.section} n° ${p.numero}`,
    ownerName: owners.length === 1 ? (owners[0] ?? null) : null,
  };
}

/** « 3,4 % » under 10 %, so that a small shed does not read as « 0 % »; « bâti non importé », never 0 %, where the commune's buildings are missing. */
export function coverageText(land: ParcelLand | undefined): string {
  if (!land) return '—';
  if (land.coverage === null) return BUILDINGS_NOT_IMPORTED;
  return formatPercent(land.coverage, land.coverage > 0 && land.coverage < 0.1 ? 1 : 0);
}

export function footprintText(land: ParcelLand | undefined): string {
  if (!land) return '—';
  return land.builtM2 === null ? BUILDINGS_NOT_IMPORTED : formatSurface(land.builtM2);
}

function Zone({ land }: { land: ParcelLand | undefined }) {
  if (!land?.zoneLibelle && !land?.zoneType) return <>—</>;
  return (
    <span title={land.zoneLibelong ?? undefined}>
      {land.zoneLibelle ?? 'Sans libellé'}
      {land.zoneType ? (
        <Text span size="xs" c="dimmed">
          {` (${land.zoneType})`}
        </Text>
      ) : null}
    </span>
  );
}

function columnsOf(result: ParcelSearchResult, onChoose: (id: string) => void, selected: string | null): ResponsiveColumn<Parcel>[] {
  const land = (p: Parcel) => result.land[p.id];
  // Where the owners are not imported (or none of the page is a legal entity), an empty column
  // would only push the address and the state out of sight, beside the map.
  const withOwners = result.parcels.some((p) => (result.owners[p.id]?.length ?? 0) > 0);
  // Former parcels alone (or a cadastre imported before the land figures): no column of dashes.
  const withLand = result.parcels.some((p) => land(p) !== undefined);
  const columns: (ResponsiveColumn<Parcel> | false)[] = [
    {
      key: 'parcelle',
      header: 'Parcelle',
      card: 'title',
      cell: (p) => (
        <>
          {/* The row's click chooses it too: once is one step in the history. */}
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={(e) => {
              e.stopPropagation();
              onChoose(p.id);
            }}
            aria-pressed={p.id === selected}
          >
            {p.section} {p.numero}
          </Button>
          <Text size="xs" c="dimmed" ff="monospace" px={6} style={{ whiteSpace: 'nowrap' }}>
            {p.id}
          </Text>
        </>
      ),
    },
    // An address on two lines at most, « 133 Avenue Carnot, / 93140 Bondy », not four.
    { key: 'adresse', header: 'Adresse', card: 'detail', minWidth: 224, cell: (p) => result.addresses[p.id] ?? '' },
    {
      key: 'contenance',
      header: 'Contenance',
      card: 'figure',
      cardOrder: 0,
      align: 'right',
      nowrap: true,
      cell: (p) => (p.contenance === null ? '—' : formatSurface(p.contenance)),
    },
    withLand && { key: 'zone', header: 'Zone', card: 'figure', cardOrder: 1, cell: (p) => <Zone land={land(p)} /> },
    withLand && {
      key: 'couverture',
      header: 'Couverture',
      card: 'figure',
      cardOrder: 2,
      align: 'right',
      nowrap: true,
      cell: (p) => coverageText(land(p)),
    },
    withLand && {
      key: 'emprise',
      header: 'Emprise bâtie',
      card: 'detail',
      align: 'right',
      nowrap: true,
      cell: (p) => footprintText(land(p)),
    },
    // A badge's label shrinks to « A… » in a narrow cell: the column keeps its width.
    {
      key: 'etat',
      header: 'État',
      card: 'detail',
      minWidth: 112,
      cell: (p) =>
        p.current ? (
          <Badge variant="outline" color="teal">
            Actuelle
          </Badge>
        ) : (
          <Badge variant="outline" color="gray">
            Disparue
          </Badge>
        ),
    },
    withOwners && { key: 'owners', header: 'Personnes morales', card: 'detail', cell: (p) => result.owners[p.id]?.join(', ') ?? '' },
  ];
  return columns.filter((c): c is ResponsiveColumn<Parcel> => c !== false);
}

export function ParcelTable({
  result,
  selected,
  onChoose,
}: {
  result: ParcelSearchResult;
  selected: string | null;
  onChoose: (id: string) => void;
}) {
  const columns = columnsOf(result, onChoose, selected);
  return (
    <SelectableTable
      rows={result.parcels}
      idOf={(p) => p.id}
      target={(p) => parcelTarget(p, result)}
      rowLabel={(p) => `la parcelle ${p.section} ${p.numero}`}
      label="Parcelles trouvées"
      minWidth={260 + columns.length * 100}
      columns={columns}
      choice={{ selectedId: selected, onChoose, onHover: () => undefined }}
    />
  );
}
