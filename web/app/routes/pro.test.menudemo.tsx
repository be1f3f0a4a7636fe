/**
 * `/pro/test/menudemo`: the component gallery, the living style guide new pro pages copy from.
 * Every block is the component the pro pages use, with sample values.
 */
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DrawerAndToastDemo, FormDemo, MenusDemo, TableDemo } from '~/features/gallery/gallery-controls';
import { ChartDemo, MapDemo, StatesDemo } from '~/features/gallery/gallery-views';
import { specMetaFor } from '~/lib/meta';
import type { Route } from './+types/pro.test.menudemo';

export const meta: Route.MetaFunction = ({ location, matches }) => specMetaFor(location.pathname, matches);

function Block({ title, source, children }: { title: string; source: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {title}
        </Title>
        <Text size="xs" c="dimmed">
          {source}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

export default function GalleryPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Galerie des composants</Title>
      <Text maw={900}>
        Les composants de l’espace professionnel, rendus avec des valeurs d’exemple (aucune n’est une donnée réelle). Une nouvelle page part
        de ces blocs{'\u00a0'}: le menu de gauche et l’en-tête sont ceux de la mise en page pro qui entoure cette page.
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Block title="Menus et étiquettes" source="Menu, Badge (@mantine/core)">
          <MenusDemo />
        </Block>
        <Block title="Tiroir et notifications" source="Drawer, notifications (@mantine/notifications)">
          <DrawerAndToastDemo />
        </Block>
        <Block title="Tableau" source="components/wide-table.tsx + Table, format.ts">
          <TableDemo />
        </Block>
        <Block title="Formulaire" source="TextInput, components/select.tsx, components/date-field.tsx">
          <FormDemo />
        </Block>
        <Block title="Carte" source="features/map/map-view.tsx (MapLibre)">
          <MapDemo />
        </Block>
        <Block title="Graphique" source="features/charts/chart.tsx (ECharts)">
          <ChartDemo />
        </Block>
        <Block title="États vide et erreur" source="Alert">
          <StatesDemo />
        </Block>
      </SimpleGrid>
    </Stack>
  );
}
