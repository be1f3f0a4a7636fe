/** `/prospection_dpe`: prospecting with energy performance diagnostics, explained. */

import { toolByPath } from '@immoloupe/shared/public/tool-catalogue';
import { findSpecRoute } from '@immoloupe/shared/routes';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { WideTable } from '~/components/wide-table';
import { publicMeta } from '~/features/public/meta';
import { Bullets, PublicPage, Section, SubscribeCall, ToolLines, ToolScreenshot } from '~/features/public/page-parts';

const PATH = '/prospection_dpe';
export const meta = publicMeta(PATH);

const CALENDAR = [
  { label: 'G', rent: '1er janvier 2025', freeze: 'depuis le 24 août 2022', audit: 'depuis le 1er avril 2023' },
  { label: 'F', rent: '1er janvier 2028', freeze: 'depuis le 24 août 2022', audit: 'depuis le 1er avril 2023' },
  { label: 'E', rent: '1er janvier 2034', freeze: '—', audit: 'depuis le 1er janvier 2025' },
];

export default function ProspectionDpePage() {
  return (
    <PublicPage
      title={findSpecRoute(PATH)?.title ?? ''}
      lead="La loi Climat et résilience retire progressivement du marché locatif les logements les moins bien classés au diagnostic de performance énergétique. Leurs propriétaires devront rénover, vendre ou changer d’usage : pour un agent ou un investisseur, ce sont des projets à accompagner."
    >
      <Section id="calendrier" title="Le calendrier des interdictions de louer">
        <Text>
          Depuis la loi du 22 août 2021 dite « Climat et résilience », un logement doit atteindre une performance énergétique minimale pour
          être considéré comme décent, donc pour être loué. L’interdiction s’applique aux nouveaux baux, aux renouvellements et aux
          reconductions tacites, en France métropolitaine.
        </Text>
        <WideTable label="Calendrier par classe énergie du DPE (France métropolitaine)" minWidth={480}>
          <Table striped withTableBorder>
            <Table.Caption>Calendrier par classe énergie du DPE (France métropolitaine)</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Classe DPE</Table.Th>
                <Table.Th scope="col">Interdit à la location à partir du</Table.Th>
                <Table.Th scope="col">Loyer gelé</Table.Th>
                <Table.Th scope="col">Audit énergétique obligatoire à la vente</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {CALENDAR.map((row) => (
                <Table.Tr key={row.label}>
                  <Table.Th scope="row">{row.label}</Table.Th>
                  <Table.Td>{row.rent}</Table.Td>
                  <Table.Td>{row.freeze}</Table.Td>
                  <Table.Td>{row.audit}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
        <Bullets
          items={[
            'Depuis le 1er janvier 2023, les logements les plus énergivores de la classe G (plus de 450 kWh d’énergie finale par mètre carré et par an) ne sont déjà plus décents.',
            'Le gel des loyers interdit toute hausse, à la relocation comme au renouvellement, et toute révision annuelle du loyer des logements F et G.',
            'L’audit énergétique est exigé pour la vente d’une maison ou d’un immeuble en monopropriété ; il propose des scénarios de travaux pour atteindre une meilleure classe.',
            'Dans les départements et régions d’outre-mer, le calendrier est décalé (2028 pour les logements G, 2031 pour les logements F).',
          ]}
        />
      </Section>

      <Section id="donnees" title="Ce que contiennent les données DPE ouvertes">
        <Text>
          L’ADEME publie en données ouvertes (Licence Ouverte 2.0) chaque DPE établi depuis la réforme de juillet 2021. Pour chaque
          diagnostic :
        </Text>
        <Bullets
          items={[
            'son numéro et sa date d’établissement (un DPE est valable dix ans) ;',
            'l’étiquette énergie et l’étiquette climat (émissions de gaz à effet de serre), de A à G, et les consommations qui les fondent ;',
            'la surface habitable, le type de bâtiment (maison, appartement, immeuble) et l’année ou la période de construction ;',
            'l’adresse, rapprochée de la Base Adresse Nationale, et ses coordonnées.',
          ]}
        />
        <Text>
          Le fichier ne contient ni le nom ni les coordonnées du propriétaire ou de l’occupant. Les diagnostics antérieurs à juillet 2021,
          établis selon l’ancienne méthode, n’y figurent pas : un logement peut donc être absent du fichier sans avoir jamais été
          diagnostiqué autrement.
        </Text>
      </Section>

      <Section id="rgpd" title="Ce que permet le RGPD">
        <Text>
          Une adresse de logement qui peut être rattachée à une personne est une donnée personnelle. Prospecter à partir des DPE est
          possible, à condition de respecter quelques règles :
        </Text>
        <Bullets
          items={[
            'Immoloupe ne collecte ni ne fournit de données personnelles des propriétaires particuliers : seuls les propriétaires et les syndics personnes morales (identifiés par leur SIRET) sont nommés.',
            'Un courrier adressé « au propriétaire » ou un dépôt en boîte aux lettres n’exige pas de connaître son nom. Si vous constituez un fichier de contacts, informez les personnes de ce traitement et respectez leur droit d’opposition.',
            'Le démarchage par téléphone d’un particulier impose de consulter la liste d’opposition Bloctel ; la prospection par e-mail ou SMS exige son consentement préalable.',
            'Les conditions de réutilisation des données DVF interdisent de croiser les sources pour réidentifier les vendeurs et les acheteurs.',
          ]}
        />
        <Text size="sm">Cette page donne une information générale ; elle ne remplace pas un conseil juridique.</Text>
      </Section>

      <Section id="outils" title="Prospecter avec Immoloupe">
        <ToolLines tools={['/pro/recherchedpe', '/pro/prospection', '/pro/analyseadresse', '/pro/localisationauto'].map(toolByPath)} />
        <Text>
          La{' '}
          <Anchor component={Link} to="/pro/recherchedpe">
            recherche DPE
          </Anchor>{' '}
          trouve les logements F et G de votre secteur, puis chacun s’ajoute à une{' '}
          <Anchor component={Link} to="/pro/prospection">
            liste de prospection
          </Anchor>{' '}
          d’où partent les courriers.
        </Text>
        <ToolScreenshot tool={toolByPath('/pro/recherchedpe')} />
        <Text>
          Les règles de rapprochement entre annonces et DPE sont décrites dans la{' '}
          <Anchor component={Link} to="/methodo#localisation">
            méthodologie
          </Anchor>
          .
        </Text>
      </Section>

      <SubscribeCall>
        <Text>La recherche DPE, la prospection et l’analyse d’adresse sont comprises dans l’abonnement.</Text>
      </SubscribeCall>
    </PublicPage>
  );
}
