/**
 * An address and a radius around it, as the market analysis and the transactions take them: the
 * address picked from the geocoder, the radius from a short list. Both live in the page's URL.
 */
import { Grid } from '@mantine/core';
import { Select } from '~/components/select';
import { AddressSearch, type PickedAddress } from './address-search';
import { distanceLabel } from './labels';

export interface AddressRadiusFieldsProps {
  address: string;
  /** Metres, as written in the URL. */
  radius: string;
  radii: readonly string[];
  onAddress: (a: PickedAddress) => void;
  onRadius: (radius: string) => void;
}

export function AddressRadiusFields({ address, radius, radii, onAddress, onRadius }: AddressRadiusFieldsProps) {
  return (
    <Grid align="flex-end">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <AddressSearch value={address} onPick={(a) => a && onAddress(a)} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Select
          label="Rayon"
          value={radius}
          onChange={(v) => v && onRadius(v)}
          data={radii.map((r) => ({ value: r, label: distanceLabel(Number(r)) }))}
          allowDeselect={false}
        />
      </Grid.Col>
    </Grid>
  );
}
