/** `/methodo`: the whole methodology (shared/design/METHODOLOGY.md) written for users. */
import { formatDate, formatEuros, formatInteger, formatPercent } from '@immoloupe/shared/format';
import { DATA_SOURCES } from '@immoloupe/shared/public/data-sources';
import { findSpecRoute } from '@immoloupe/shared/routes';
import { Anchor, List, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { WideTable } from '~/components/wide-table';
import { ESTIMATE_ACCURACY } from '~/features/public/estimate-accuracy';
import { publicMeta } from '~/features/public/meta';
import { Bullets, PublicPage, Section } from '~/features/public/page-parts';

const PATH = '/methodo';
export const meta = publicMeta(PATH);

const m2 = ' m²';

function Accuracy() {
  const a = ESTIMATE_ACCURACY;
  return (
    <>
      <Text>
        La précision de l’estimation se mesure sur des ventes passées : on estime chaque vente d’une année à partir des seules ventes des
        années précédentes, avec la méthode ci-dessus, puis on compare l’estimation au prix réellement payé. On en tire l’erreur médiane (la
        moitié des estimations s’écartent moins du prix réel) et la part des estimations à moins de 10 % et de 20 % du prix, comparées à une
        méthode simple : le prix médian au mètre carré de la commune pour le même type de bien × surface.
      </Text>
      {a ? (
        <>
          <Text>
            Mesure du {formatDate(a.measuredOn)} : {a.holdout} ({formatInteger(a.sales)} ventes).
          </Text>
          <WideTable label="Précision de l’estimation" minWidth={420}>
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Méthode</Table.Th>
                  <Table.Th scope="col">Erreur médiane</Table.Th>
                  <Table.Th scope="col">À moins de 10 %</Table.Th>
                  <Table.Th scope="col">À moins de 20 %</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[
                  { label: 'Comparables (Immoloupe)', v: a.method },
                  { label: 'Médiane de la commune × surface', v: a.baseline },
                ].map((row) => (
                  <Table.Tr key={row.label}>
                    <Table.Th scope="row">{row.label}</Table.Th>
                    <Table.Td>{formatPercent(row.v.medianAbsPctError, 1)}</Table.Td>
                    <Table.Td>{formatPercent(row.v.within10)}</Table.Td>
                    <Table.Td>{formatPercent(row.v.within20)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
          <Text size="sm">
            Cette mesure porte sur une seule commune, dont le marché est actif : elle ne garantit pas la même précision partout. Là où les
            ventes sont rares, la recherche des comparables s’élargit davantage et l’estimation est moins précise ; l’avis de valeur indique
            toujours le rayon et la période utilisés.
          </Text>
        </>
      ) : (
        <Text>Cette mesure n’est pas encore publiée.</Text>
      )}
    </>
  );
}

export default function MethodoPage() {
  return (
    <PublicPage
      title={findSpecRoute(PATH)?.title ?? ''}
      lead="Chaque chiffre affiché par Immoloupe doit pouvoir être refait à partir de cette page : d’où viennent les données, quelles ventes sont retenues, comment les statistiques et les estimations sont calculées, et ce qu’elles valent."
    >
      <Section id="sources" title="Les sources, leur couverture et leurs délais">
        <WideTable label="Données ouvertes utilisées par Immoloupe" minWidth={640}>
          <Table striped withTableBorder verticalSpacing="sm">
            <Table.Caption>Données ouvertes utilisées par Immoloupe</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Source</Table.Th>
                <Table.Th scope="col">Contenu</Table.Th>
                <Table.Th scope="col">Couverture</Table.Th>
                <Table.Th scope="col">Mise à jour</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {DATA_SOURCES.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Th scope="row">
                    <Anchor href={s.url} rel="noopener" target="_blank">
                      {s.name}
                    </Anchor>
                    <Text size="xs" fw={400}>
                      {s.producer} — {s.licence}
                    </Text>
                  </Table.Th>
                  <Table.Td>{s.content}</Table.Td>
                  <Table.Td>{s.coverage}</Table.Td>
                  <Table.Td>{s.freshness}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
        <Text>
          Chaque page de données indique la date des dernières données DVF chargées (« Données DVF à jour au… »). Les ventes des derniers
          mois sont incomplètes tant que l’administration ne les a pas toutes publiées : une baisse du nombre de ventes sur les tout
          derniers mois est d’abord un effet de ce délai.
        </Text>
      </Section>

      <Section id="ventes" title="Les ventes retenues pour les statistiques">
        <Text>
          Les règles suivent la chaîne officielle « Statistiques DVF » de data.gouv.fr, le guide DVF du Cerema et le jeu de données
          « Indicateurs immobiliers par commune ».
        </Text>
        <List type="ordered" spacing="sm">
          <List.Item>
            <strong>Une vente, c’est une mutation</strong> : un acte, qui occupe souvent plusieurs lignes du fichier DVF (une par local, par
            dépendance, par terrain). Dans les DVF géolocalisées, les lignes d’une mutation partagent son identifiant ; dans les fichiers
            bruts de la DGFiP, qui n’en ont pas, elles partagent la date, le prix, le numéro de disposition et la commune.
          </List.Item>
          <List.Item>
            <strong>Natures retenues</strong> : vente, vente en l’état futur d’achèvement (neuf sur plan) et adjudication. Sont écartés les
            échanges (leur valeur n’est qu’une soulte), les expropriations et les ventes de terrain à bâtir, traitées à part.
          </List.Item>
          <List.Item>
            <strong>Types de biens</strong> : maison, appartement, local industriel ou commercial. Une dépendance (cave, garage, parking) ou
            un terrain vendu avec le bien ne rend pas la vente « mixte ».
          </List.Item>
          <List.Item>
            <strong>Un seul bien par vente</strong> : une mutation n’entre dans les statistiques que si elle porte sur exactement un local
            (maison, appartement ou local). Les ventes de plusieurs logements et les ventes mixtes sont écartées des statistiques, car leur
            prix ne peut pas être réparti entre les biens, mais elles restent visibles dans les listes de transactions.
          </List.Item>
          <List.Item>
            <strong>Prix au mètre carré</strong> = valeur foncière ÷ surface réelle bâtie (pas la surface Carrez). Les ventes sans prix ou
            sans surface, et celles à {formatEuros(100_000)}/m² ou plus, sont écartées.
          </List.Item>
          <List.Item>
            <strong>Bornes de plausibilité</strong>, celles du jeu « Indicateurs immobiliers par commune » : prix de {formatEuros(15_000)} à{' '}
            {formatEuros(10_000_000)} ; surface de 10 à 250{m2} pour un appartement et de 10 à 400{m2} pour une maison ; prix au mètre carré
            de {formatEuros(330)} à {formatEuros(15_000)}/m². Ces bornes sont affichées dans les outils.
          </List.Item>
          <List.Item>
            <strong>La médiane d’abord</strong> : chaque statistique donne la médiane, le nombre de ventes, le premier et le troisième
            quartile (la moitié des ventes se situe entre les deux) et la moyenne. Aucune statistique n’est calculée sur moins de{' '}
            <strong>trois ventes</strong> : la page affiche alors « Pas assez de ventes ».
          </List.Item>
          <List.Item>
            <strong>Territoires non couverts</strong> : le Bas-Rhin, le Haut-Rhin et la Moselle (où la publicité foncière relève du livre
            foncier) et Mayotte n’ont pas de DVF.
          </List.Item>
        </List>
      </Section>

      <Section id="estimation" title="L’estimation par comparaison (avis de valeur)">
        <Text>
          La méthode est celle de la comparaison, décrite par l’administration fiscale et la Charte de l’expertise en évaluation
          immobilière : trouver les ventes de biens semblables, retenir les plus significatives, analyser leurs prix.
        </Text>
        <Bullets
          items={[
            `Point de départ : ventes d’un seul bien du même type, surface à ± 20 %, nombre de pièces à une près, signées dans les 24 derniers mois, à moins de 500 m.`,
            'Si elles sont trop peu nombreuses, la recherche s’élargit pas à pas (1 km, 2 km, puis la commune ; 36 puis 60 mois) jusqu’à réunir au moins 5 à 8 comparables. Chaque élargissement est indiqué. Aucune estimation n’est faite sur moins de 3 comparables.',
            'Estimation = prix médian au mètre carré des comparables retenus × surface du bien. Fourchette = du 25e au 75e centile du prix au mètre carré, × surface. L’estimation, sa fourchette et la valeur retenue sont affichées arrondies au millier d’euros (à la centaine sous 100 000 €), comme un agent les annonce ; le calcul à l’euro reste écrit à côté. Une pondération par la distance ou l’ancienneté, quand elle est utilisée, est signalée comme telle.',
            'L’agent voit chaque comparable (adresse, date, prix, surface, prix au mètre carré, distance), peut en retirer ou en ajouter, et l’estimation se recalcule. Le rapport indique le nombre de comparables, le rayon et la période utilisés.',
          ]}
        />
      </Section>

      <Section id="precision" title="La précision mesurée">
        <Accuracy />
      </Section>

      <Section id="localisation" title="Localiser une annonce grâce aux DPE">
        <Text>
          Une annonce indique ses étiquettes énergie et climat, sa surface habitable et sa commune ou son code postal ; les DPE publiés par
          l’ADEME portent les mêmes informations, et l’adresse. Les candidats sont les DPE du même code postal (ou de la même commune), avec
          les mêmes étiquettes et une surface à ± 10 %, du plus récent au plus ancien. Chacun reçoit un score : 100 moins l’écart de surface
          en pourcentage, relevé quand l’année de construction ou le type de bâtiment concorde aussi. Les candidats sont montrés sur une
          carte avec leur score : ce n’est jamais une certitude.
        </Text>
      </Section>

      <Section id="geographie" title="Géographie et calculs">
        <Bullets
          items={[
            'Les distances sont calculées à vol d’oiseau (formule de haversine) sur le rayon moyen de la Terre, 6 371 008,8 m.',
            'Les coordonnées sont en WGS84 (longitude, latitude). Quand une source ne donne que des coordonnées Lambert-93, elles sont converties.',
            'Une parcelle est identifiée par 14 caractères : le code INSEE de la commune (5), le préfixe (3, « 000 » le plus souvent), la section (2) et le numéro (4).',
            'Les montants et les ratios sont calculés en arithmétique décimale (20 chiffres significatifs, arrondi au plus proche, la moitié vers le haut), et ne sont arrondis qu’à l’affichage.',
          ]}
        />
      </Section>

      <Section id="conditions" title="Conditions légales">
        <Bullets
          items={[
            'Réutilisation des DVF (article R112 A-3 du Livre des procédures fiscales) : pas de réidentification des personnes, pas d’indexation par les moteurs de recherche des pages qui montrent des ventes. Ces pages sont donc réservées aux abonnés et marquées « noindex ».',
            'Prospection à partir des DPE ou du registre des copropriétés : elle relève du RGPD. Les données personnelles des propriétaires particuliers ne sont jamais collectées ; seuls les propriétaires personnes morales (syndics, sociétés identifiées par leur SIRET) sont nommés.',
          ]}
        />
        <Text>
          Voir aussi les{' '}
          <Anchor component={Link} to="/cgu">
            conditions générales et la politique de confidentialité
          </Anchor>{' '}
          et la page{' '}
          <Anchor component={Link} to="/prospection_dpe">
            prospection DPE
          </Anchor>
          .
        </Text>
      </Section>
    </PublicPage>
  );
}
