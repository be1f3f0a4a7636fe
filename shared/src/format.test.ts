import { describe, expect, it } from 'vitest';
import {
  countOf,
  estimateRounding,
  formatDate,
  formatDateTime,
  formatEstimate,
  formatEuros,
  formatEurosPerSquareMetre,
  formatMonth,
  formatPercent,
  formatPriceCents,
  formatSignedPercent,
  formatSiret,
  formatSurface,
  formatVintage,
  parisIsoDate,
  vintagePhrase,
} from './format.js';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('fr-FR formatting', () => {
  it('writes money with narrow no-break spaces and a no-break space before €', () => {
    expect(formatEuros(1234567)).toBe(`1${NNBSP}234${NNBSP}567${NBSP}€`);
  });
  it('rounds an estimate as an agent states it: to the thousand from 100 000 €, to the hundred below, half up', () => {
    expect(formatEstimate(189_044)).toBe(`189${NNBSP}000${NBSP}€`);
    expect(formatEstimate(189_500)).toBe(`190${NNBSP}000${NBSP}€`);
    expect(formatEstimate(1_234_567)).toBe(`1${NNBSP}235${NNBSP}000${NBSP}€`);
    expect(formatEstimate(99_949)).toBe(`99${NNBSP}900${NBSP}€`);
    expect(formatEstimate(99_951)).toBe(`100${NNBSP}000${NBSP}€`);
    expect(formatEstimate(-12_350)).toBe(`-12${NNBSP}400${NBSP}€`);
    expect(estimateRounding(189_044)).toBe('arrondie au millier');
    expect(estimateRounding(87_000)).toBe('arrondie à la centaine');
  });
  it('writes a price in cents without losing the cents', () => {
    expect(formatPriceCents(4900)).toBe(`49${NBSP}€`);
    expect(formatPriceCents(4990)).toBe(`49,90${NBSP}€`);
    expect(formatPriceCents(123400)).toBe(`1${NNBSP}234${NBSP}€`);
  });
  it('writes €/m², m², % and dates the French way', () => {
    expect(formatEurosPerSquareMetre(4321.4)).toBe(`4${NNBSP}321${NBSP}€/m²`);
    expect(formatSurface(62.25)).toBe(`62,3${NBSP}m²`);
    expect(formatPercent(0.125, 1)).toBe(`12,5${NBSP}%`);
    expect([formatSignedPercent(-5), formatSignedPercent(2.5), formatSignedPercent(0)]).toEqual([
      `\u22125${NBSP}%`,
      `+2,5${NBSP}%`,
      `0${NBSP}%`,
    ]);
    expect(formatDate('2026-11-21')).toBe('21/11/2026');
  });

  it('writes the dates of a data vintage the French way, whatever its shape', () => {
    expect(formatVintage('2024-11-13')).toBe('13/11/2024');
    expect(formatVintage('2021-08-31 – 2024-07-29')).toBe('31/08/2021 – 29/07/2024');
    expect(formatVintage('2025')).toBe('2025');
  });

  it('names a release « millésime » and a span of dates the period of its data', () => {
    expect(vintagePhrase('2024-11-13')).toBe('millésime 13/11/2024');
    expect(vintagePhrase('2025', { capital: true })).toBe('Millésime 2025');
    expect(vintagePhrase('2021-08-31 – 2024-07-29')).toBe('données du 31/08/2021 au 29/07/2024');
    expect(vintagePhrase('2019-01-03 – 2023-12-27', { capital: true })).toBe('Données du 03/01/2019 au 27/12/2023');
  });

  it('writes a timestamp as its Paris day around midnight, and a plain date as it is', () => {
    // 00:06 in Paris on 27/11 (winter, UTC+1) is still the 26th in UTC.
    expect(formatDate('2026-11-26T23:06:00.000Z')).toBe('27/11/2026');
    expect(formatDate(new Date('2026-11-26T22:59:00Z'))).toBe('26/11/2026');
    // Summer (UTC+2): 01:30 in Paris on 02/07.
    expect(formatDate('2026-07-01T23:30:00Z')).toBe('02/07/2026');
    expect(formatDate('2026-11-26')).toBe('26/11/2026');
    expect(parisIsoDate('2026-11-26T23:06:00.000Z')).toBe('2026-11-27');
    expect(parisIsoDate(new Date('2026-11-26T22:59:00Z'))).toBe('2026-11-26');
    expect(parisIsoDate('2026-07-01T21:59:00Z')).toBe('2026-07-01');
    expect(parisIsoDate('2026-07-01T22:00:00Z')).toBe('2026-07-02');
  });

  it('writes a date and a Paris time', () => {
    expect(formatDateTime('2026-11-21T13:05:00Z')).toBe('21/11/2026 à 14:05');
    expect(formatDateTime(new Date('2026-07-01T22:30:00Z'))).toBe('02/07/2026 à 00:30');
  });

  it('writes a month in words and a count with its French plural', () => {
    expect(formatMonth('2022-03')).toBe('mars 2022');
    expect(formatMonth('2020-01')).toBe('janvier 2020');
    expect(countOf(0, 'vente')).toBe('0\u00a0vente');
    expect(countOf(1, 'vente')).toBe('1\u00a0vente');
    expect(countOf(1234, 'vente')).toBe('1\u202f234\u00a0ventes');
    expect(countOf(2, 'DPE géolocalisé', 'DPE géolocalisés')).toBe('2\u00a0DPE géolocalisés');
  });
});

describe('formatSiret', () => {
  it('groups the SIREN and keeps the NIC, leaving anything else as it is', () => {
    expect(formatSiret('34863116900045')).toBe('348\u00a0631\u00a0169\u00a000045');
    expect(formatSiret('348 631 169 00045')).toBe('348\u00a0631\u00a0169\u00a000045');
    expect(formatSiret('3486311')).toBe('3486311');
  });
});
