/**
 * « Risques connus » of the printed value opinion: the risks GASPAR lists for the subject's
 * commune, and the classified installations (ICPE) and former industrial sites (BASIAS) within
 * 500 m of it with their distance, nearest first. A list whose file was never imported says so, so
 * that an empty list is never read as « aucun risque ». The PDF renderer waits for every
 * `data-chart` element to be ready: the block marks itself so until its answer has come.
 */
import { formatInteger, NBSP } from '@immoloupe/shared/format';
import type { Risks } from '@immoloupe/shared/risks/contracts';
import { Title } from '@mantine/core';
import { pointRisksPath, useRisks } from './use-parcel-land';

const metres = (m: number) => `${formatInteger(m)}${NBSP}m`;
/** Sites listed at most in print; the others are counted. */
const PRINTED_SITES = 8;

function RiskList({ risks }: { risks: Risks }) {
  if (!risks.loaded.gaspar) return <p>Risques de la commune (GASPAR){NBSP}: fichier non importé pour cette commune.</p>;
  if (risks.risks.length === 0) return <p>Aucun risque recensé pour la commune dans GASPAR.</p>;
  return (
    <ul>
      {risks.risks
        .filter((r) => r.parent === null)
        .map((m) => {
          const kinds = risks.risks.filter((r) => r.parent === m.code).map((r) => r.label);
          return (
            <li key={m.code}>
              {m.label}
              {kinds.length > 0 ? ` (${kinds.join(' · ')})` : ''}
            </li>
          );
        })}
    </ul>
  );
}

function Sites({
  title,
  loaded,
  sites,
  radiusM,
}: {
  title: string;
  loaded: boolean;
  sites: { id: string; name: string; distanceM: number }[];
  radiusM: number;
}) {
  if (!loaded)
    return (
      <p>
        {title}
        {NBSP}: fichier non importé pour cette commune.
      </p>
    );
  if (sites.length === 0)
    return (
      <p>
        {title}
        {NBSP}: aucun à moins de {metres(radiusM)}.
      </p>
    );
  const shown = sites.slice(0, PRINTED_SITES);
  return (
    <>
      <p>
        {title} à moins de {metres(radiusM)}
        {NBSP}: {formatInteger(sites.length)}
        {sites.length > shown.length ? ` (les ${shown.length} plus proches)` : ''}
      </p>
      <table>
        <tbody>
          {shown.map((s) => (
            <tr key={s.id}>
              <td className="num">{metres(s.distanceM)}</td>
              <td>{s.name}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function PrintedRisks({ lat, lon, insee }: { lat: number; lon: number; insee: string }) {
  const { data, error, loading } = useRisks(pointRisksPath({ lat, lon, insee }));
  return (
    <section aria-label="Risques connus" data-chart="risques" data-chart-ready={loading ? 'false' : 'true'}>
      <Title order={2} fz="h4">
        Risques connus
      </Title>
      {error ? (
        <p>
          Risques indisponibles{NBSP}: {error}
        </p>
      ) : null}
      {data ? (
        <>
          <RiskList risks={data} />
          <Sites
            title="Installations classées (ICPE)"
            loaded={data.loaded.icpe}
            radiusM={data.radiusM}
            sites={data.icpe.map((s) => ({
              id: s.id,
              name: [s.operator, s.regime, s.address].filter(Boolean).join(' — '),
              distanceM: s.distanceM,
            }))}
          />
          <Sites
            title="Anciens sites industriels (BASIAS)"
            loaded={data.loaded.basias}
            radiusM={data.radiusM}
            sites={data.basias.map((s) => ({
              id: s.id,
              name: [s.names ?? 'Site sans nom', s.occupation, s.address].filter(Boolean).join(' — '),
              distanceM: s.distanceM,
            }))}
          />
          <p style={{ fontSize: 10 }}>Sources{NBSP}: Géorisques (GASPAR, installations classées, BASIAS/CASIAS).</p>
        </>
      ) : null}
    </section>
  );
}
