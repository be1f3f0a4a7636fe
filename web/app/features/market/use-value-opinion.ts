/**
 * The value opinion tool's state and actions: the subject form, the estimate recomputed by the server
 * for the comparables kept, the adjustment and comment, saving (with the photo), the saved opinions.
 */

import type { FeesChoice } from '@immoloupe/shared/listings/fees.logic';
import {
  adjustedValue,
  type ComparableDto,
  type EstimateResponse,
  estimateResponseSchema,
  opinionSummarySchema,
  type SavedOpinion,
  type Subject,
  savedOpinionSchema,
} from '@immoloupe/shared/market/estimate-contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { ApiError, apiFetch, csrfToken } from '~/lib/api';
import type { PickedAddress } from './address-search';
import { usePdfAvailable } from './use-pdf-status';

export type FormState = {
  address: PickedAddress | null;
  addressText: string;
  type: Subject['type'];
  surface: number | '';
  rooms: number | '';
  landSurface: number | '';
  dpe: string | null;
  notes: string;
  asOf: string;
};

export type OpinionSummary = z.infer<typeof opinionSummarySchema>;

/** The saved opinions: the list, and under it each opinion by id (the printed one reads the same). */
const SAVED_OPINIONS = ['estimates', 'saved'] as const;
const NO_OPINIONS: OpinionSummary[] = [];

/** The seller's asking price as typed, and whether it includes the agency's fees (and their rate). */
export type PricingState = { askingPrice: number | ''; fees: FeesChoice };

/** The pricing sent to the server: none without an asking price. */
function pricingOf(p: PricingState): { askingPrice: number; fees: FeesChoice } | null {
  return p.askingPrice === '' || p.askingPrice <= 0 ? null : { askingPrice: Math.round(p.askingPrice), fees: p.fees };
}

/** What the server's margin depends on besides the comparables: sent again when it changes. */
function marginKey(p: PricingState, adjustment: number | ''): string {
  const pricing = pricingOf(p);
  return pricing ? JSON.stringify({ pricing, adjustment: adjustment === '' ? 0 : adjustment }) : 'none';
}

function subjectOf(f: FormState): Subject | string {
  if (!f.address) return 'Choisissez l’adresse dans la liste des suggestions.';
  if (f.surface === '' || f.surface <= 0) return 'Indiquez la surface habitable.';
  return {
    label: f.address.label,
    lon: f.address.lon,
    lat: f.address.lat,
    insee: f.address.insee,
    type: f.type,
    surface: Number(f.surface),
    rooms: f.rooms === '' || f.type === 'local' ? null : Number(f.rooms),
    landSurface: f.landSurface === '' ? null : Number(f.landSurface),
    dpe: (f.dpe as Subject['dpe']) ?? null,
    notes: f.notes,
    placedByBan: f.address.placedByBan ?? false,
  };
}

function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.issues[0]?.message ?? err.message;
  return fallback;
}

export function useValueOpinion() {
  const [params, setParams] = useSearchParams();
  const savedId = params.get('id');
  const [form, setForm] = useState<FormState>({
    address: null,
    addressText: '',
    type: 'appartement',
    surface: '',
    rooms: '',
    landSurface: '',
    dpe: null,
    notes: '',
    // Empty: the server searches up to the newest sale imported for the commune.
    asOf: '',
  });
  const [excluded, setExcluded] = useState<string[]>([]);
  const [added, setAdded] = useState<string[]>([]);
  const [result, setResult] = useState<EstimateResponse | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [adjustment, setAdjustment] = useState<number | ''>(0);
  const [comment, setComment] = useState('');
  const [pricing, setPricing] = useState<PricingState>({ askingPrice: '', fees: { basis: 'honoraires-inclus', ratePct: null } });
  // The asking price, fees and adjustment of the last request: the margin shown is the server's.
  const sentMarginKey = useRef('none');
  const [saved, setSaved] = useState<SavedOpinion | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const client = useQueryClient();
  // The list is a convenience; the tool works without it.
  const list =
    useQuery({
      queryKey: SAVED_OPINIONS,
      queryFn: ({ signal }) => apiFetch('/api/estimates/saved', z.array(opinionSummarySchema), { signal }),
    }).data ?? NO_OPINIONS;
  const pdfAvailable = usePdfAvailable();
  // Opening a saved opinion (?id=…): its subject, edits, adjustment and comment come back. While it
  // is on its way, whatever the agent typed would be overwritten by its answer: the subject form
  // stays disabled until it is read or has failed, from the first render.
  const opened = useQuery({
    queryKey: [...SAVED_OPINIONS, savedId],
    queryFn: ({ signal }) => apiFetch(`/api/estimates/saved/${savedId}`, savedOpinionSchema, { signal }),
    enabled: savedId !== null,
  });
  const loadingSaved = savedId !== null && opened.isPending;
  // The form is filled once per opinion opened: another ?id=… picked since is filled from its own answer.
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    const o = opened.data;
    if (!o || o.id !== savedId || filledFor.current === o.id) return;
    filledFor.current = o.id;
    const s = o.result.subject;
    setSaved(o);
    setResult(o.result);
    setExcluded(o.result.excluded);
    setAdded(o.result.added);
    setAdjustment(o.adjustmentPct);
    setComment(o.comment);
    const m = o.result.margin;
    const restored: PricingState = m
      ? { askingPrice: m.askingPrice, fees: m.fees }
      : { askingPrice: '', fees: { basis: 'honoraires-inclus', ratePct: null } };
    setPricing(restored);
    sentMarginKey.current = marginKey(restored, o.adjustmentPct);
    setForm({
      address: { label: s.label, lon: s.lon, lat: s.lat, insee: s.insee, idParcelle: null, placedByBan: s.placedByBan },
      addressText: s.label,
      type: s.type,
      surface: s.surface,
      rooms: s.rooms ?? '',
      landSurface: s.landSurface ?? '',
      dpe: s.dpe,
      notes: s.notes,
      asOf: o.result.asOf,
    });
  }, [opened.data, savedId]);
  const openError = opened.error;
  useEffect(() => {
    if (openError) setError(messageOf(openError, 'L’avis de valeur n’a pas pu être chargé.'));
  }, [openError]);

  const estimating = useMutation({
    mutationFn: (body: string) => apiFetch('/api/estimates', estimateResponseSchema, { method: 'POST', body }),
  });
  const sendEstimate = estimating.mutateAsync;

  const estimate = useCallback(
    async (next: { excluded: string[]; added: string[] }) => {
      const subject = subjectOf(form);
      if (typeof subject === 'string') {
        setError(subject);
        return;
      }
      setPending(true);
      setError(null);
      sentMarginKey.current = marginKey(pricing, adjustment);
      try {
        const r = await sendEstimate(
          JSON.stringify({
            subject,
            asOf: form.asOf || undefined,
            excluded: next.excluded,
            added: next.added,
            adjustmentPct: adjustment === '' ? 0 : adjustment,
            pricing: pricingOf(pricing),
          }),
        );
        setResult(r);
        setExcluded(next.excluded);
        setAdded(next.added);
      } catch (err) {
        setError(messageOf(err, 'L’estimation a échoué.'));
      } finally {
        setPending(false);
      }
    },
    [form, pricing, adjustment, sendEstimate],
  );

  // A changed asking price, fee choice or adjustment: the server computes the margin again.
  const currentMarginKey = marginKey(pricing, adjustment);
  const hasEstimate = result?.estimate != null;
  useEffect(() => {
    if (!hasEstimate || currentMarginKey === sentMarginKey.current) return;
    const timer = setTimeout(() => void estimate({ excluded, added }), 400);
    return () => clearTimeout(timer);
  }, [currentMarginKey, hasEstimate, estimate, excluded, added]);

  function submit(e: FormEvent) {
    e.preventDefault();
    void estimate({ excluded: [], added: [] });
  }

  function remove(c: ComparableDto) {
    void estimate({
      excluded: c.added ? excluded : [...excluded, c.id],
      added: added.filter((id) => id !== c.id),
    });
  }

  function add(c: ComparableDto) {
    void estimate({
      excluded: excluded.filter((id) => id !== c.id),
      added: excluded.includes(c.id) ? added : [...added, c.id],
    });
  }

  async function save() {
    const subject = subjectOf(form);
    if (typeof subject === 'string') return setError(subject);
    setNotice(null);
    try {
      const body = JSON.stringify({
        subject,
        asOf: form.asOf || undefined,
        excluded,
        added,
        adjustmentPct: adjustment === '' ? 0 : adjustment,
        pricing: pricingOf(pricing),
        comment,
      });
      const o = saved
        ? await apiFetch(`/api/estimates/saved/${saved.id}`, savedOpinionSchema, { method: 'PUT', body })
        : await apiFetch('/api/estimates/saved', savedOpinionSchema, { method: 'POST', body });
      if (photo) {
        const res = await fetch(`/api/estimates/saved/${o.id}/photo`, {
          method: 'PUT',
          headers: { 'content-type': photo.type || 'application/octet-stream', 'x-csrf-token': csrfToken() },
          body: photo,
          credentials: 'same-origin',
        });
        if (!res.ok)
          setError(((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? 'La photo n’a pas été enregistrée.');
      }
      setSaved(o);
      setResult(o.result);
      setNotice('Avis de valeur enregistré.');
      // The opinion as saved is the one opened: its address (?id=…) does not read it again.
      filledFor.current = o.id;
      client.setQueryData([...SAVED_OPINIONS, o.id], o);
      if (!savedId) setParams({ id: o.id }, { replace: true });
      await client.invalidateQueries({ queryKey: SAVED_OPINIONS, exact: true });
    } catch (err) {
      setError(messageOf(err, 'L’enregistrement a échoué.'));
    }
  }

  const finalValue = result?.estimate ? adjustedValue(result.estimate.value, adjustment === '' ? 0 : adjustment) : null;
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  // A text that no longer matches the picked address drops it, so that a stale position is not estimated.
  const pickAddress = (a: PickedAddress | null, text: string) =>
    setForm((f) => ({ ...f, address: a ?? (f.address?.label === text ? f.address : null), addressText: text }));

  return {
    form,
    set,
    pickAddress,
    photo,
    setPhoto,
    loadingSaved,
    pending,
    error,
    result,
    submit,
    remove,
    add,
    adjustment,
    setAdjustment,
    comment,
    setComment,
    pricing,
    setPricing,
    finalValue,
    saved,
    save,
    notice,
    pdfAvailable,
    list,
  };
}
