/**
 * The living style guide, first half: menus, tables, forms, drawers and toasts as the pro pages
 * use them. The values are samples, marked as such on the page.
 */
import { formatDate, formatEuros, formatEurosPerSquareMetre, formatSurface } from '@immoloupe/shared/format';
import { Badge, Button, Checkbox, Drawer, Group, Menu, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DateField } from '~/components/date-field';
import { Select } from '~/components/select';
import { WideTable } from '~/components/wide-table';

const ROWS = [
  { date: '2022-03-14', type: 'Appartement', surface: 62, prix: 215_000 },
  { date: '2022-05-02', type: 'Maison', surface: 98, prix: 342_500 },
  { date: '2022-09-21', type: 'Appartement', surface: 41, prix: 139_000 },
];

export function MenusDemo() {
  return (
    <Group>
      <Menu>
        <Menu.Target>
          <Button variant="default">Actions</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Exporter</Menu.Label>
          <Menu.Item>Télécharger en CSV</Menu.Item>
          <Menu.Item>Imprimer le rapport</Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red">Supprimer</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Badge variant="outline">étiquette</Badge>
      <Badge variant="outline" color="teal">
        à jour
      </Badge>
      <Badge variant="outline" color="orange">
        périmé
      </Badge>
    </Group>
  );
}

export function TableDemo() {
  return (
    <WideTable label="Ventes d’exemple" minWidth={560}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Surface</Table.Th>
            <Table.Th>Prix</Table.Th>
            <Table.Th>Prix au m²</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ROWS.map((r) => (
            <Table.Tr key={r.date}>
              <Table.Td>{formatDate(r.date)}</Table.Td>
              <Table.Td>{r.type}</Table.Td>
              <Table.Td>{formatSurface(r.surface)}</Table.Td>
              <Table.Td>{formatEuros(r.prix)}</Table.Td>
              <Table.Td>{formatEurosPerSquareMetre(r.prix / r.surface)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}

export function FormDemo() {
  const [date, setDate] = useState<string | null>('2026-11-21');
  const [type, setType] = useState<string | null>('appartement');
  return (
    <Stack gap="sm" maw={420}>
      <TextInput label="Adresse" placeholder="12 rue de la Paix, Bondy" description="Un champ de texte avec son aide." />
      <TextInput label="Surface (m²)" error="Indiquez une surface entre 9 et 1 000 m²." defaultValue="3" />
      <Select
        label="Type de bien"
        data={[
          { value: 'appartement', label: 'Appartement' },
          { value: 'maison', label: 'Maison' },
        ]}
        value={type}
        onChange={setType}
      />
      <DateField label="Date de visite" value={date} onChange={setDate} />
      <Checkbox label="Inclure les ventes en l’état futur d’achèvement" />
      <Switch label="Recevoir une alerte" />
      <Group>
        <Button>Valider</Button>
        <Button variant="default">Annuler</Button>
      </Group>
    </Stack>
  );
}

export function DrawerAndToastDemo() {
  const [open, setOpen] = useState(false);
  return (
    <Group>
      <Button variant="default" onClick={() => setOpen(true)}>
        Ouvrir un tiroir
      </Button>
      <Drawer
        opened={open}
        onClose={() => setOpen(false)}
        title="Détail de la vente"
        position="right"
        closeButtonProps={{ 'aria-label': 'Fermer' }}
      >
        <Text>Un tiroir montre le détail d’une ligne sans quitter la page.</Text>
      </Drawer>
      <Button variant="default" onClick={() => notifications.show({ color: 'teal', message: 'Enregistré.' })}>
        Toast de succès
      </Button>
      <Button
        variant="default"
        onClick={() => notifications.show({ color: 'red', title: 'Action refusée', message: 'Le serveur a refusé la demande.' })}
      >
        Toast d’erreur
      </Button>
    </Group>
  );
}
