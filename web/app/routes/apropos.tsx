/** `/apropos`: the project, its principles, the open data it stands on. */
import { findSpecRoute } from '@immoloupe/shared/routes';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { publicMeta } from '~/features/public/meta';
import { Bullets, PublicPage, Section, SourcesList } from '~/features/public/page-parts';

const PATH = '/apropos';
export const meta = publicMeta(PATH);

export default function AproposPage() {
  return (
    <PublicPage
      title={findSpecRoute(PATH)?.title ?? ''}
      lead="Immoloupe est un service français d’analyse du marché immobilier, construit entièrement sur les données publiques que l’État et ses agences publient en open data."
    >
      <Section id="projet" title="Le projet">
        <Text>
          Depuis 2019, les ventes immobilières enregistrées par l’administration fiscale sont publiques : c’est le fichier des demandes de
          valeurs foncières (DVF). Depuis 2021, les diagnostics de performance énergétique sont publiés par l’ADEME ; le cadastre, la Base
          Adresse Nationale et le registre des copropriétés le sont aussi. Ces données permettent de savoir à quel prix les biens se vendent
          vraiment, rue par rue, mais elles sont volumineuses, publiées séparément et difficiles à lire.
        </Text>
        <Text>
          Immoloupe les réunit, les nettoie selon des règles publiques et en fait des outils de travail pour les professionnels de
          l’immobilier : agents et mandataires, prospecteurs fonciers, chasseurs d’appartements et de maisons.
        </Text>
      </Section>

      <Section id="principes" title="Nos principes">
        <Bullets
          items={[
            <>
              <strong>Des chiffres reproductibles.</strong> Chaque statistique et chaque estimation se recalcule à partir des règles
              publiées sur la page{' '}
              <Anchor component={Link} to="/methodo">
                méthodologie
              </Anchor>
              , et montre le nombre de ventes sur lequel elle repose.
            </>,
            <>
              <strong>Pas de chiffre sans échantillon.</strong> Aucune statistique n’est affichée sur moins de trois ventes, aucune
              estimation sur moins de trois comparables.
            </>,
            <>
              <strong>La médiane d’abord.</strong> Quelques ventes exceptionnelles ne déplacent pas la médiane : c’est elle qui est mise en
              avant, avec les quartiles et la moyenne.
            </>,
            <>
              <strong>Le respect des personnes.</strong> Les conditions de réutilisation des DVF interdisent de réidentifier les vendeurs et
              acheteurs : les pages qui montrent des ventes sont réservées aux abonnés et fermées aux moteurs de recherche, et les données
              personnelles des propriétaires particuliers ne sont jamais collectées.
            </>,
            <>
              <strong>Aucune donnée inventée.</strong> Pas de témoignage, pas de chiffre d’audience, pas de prix d’annonce présenté comme un
              prix de vente.
            </>,
            <>
              <strong>Un service qui vit de ses abonnements.</strong> Immoloupe ne revend pas les données de ses utilisateurs.
            </>,
          ]}
        />
      </Section>

      <Section id="donnees-ouvertes" title="Les données ouvertes utilisées">
        <SourcesList detailed />
      </Section>

      <Section id="contact" title="Nous écrire">
        <Text>
          Une question sur une donnée, une erreur à signaler, une démonstration ?{' '}
          <Anchor component={Link} to="/contact">
            Écrivez-nous
          </Anchor>
          .
        </Text>
      </Section>
    </PublicPage>
  );
}
