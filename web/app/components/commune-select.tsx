/**
 * One commune picked by name, postcode or INSEE code, named in the field as the pickers name it,
 * « Bondy (93140) » (the INSEE code, which agents took for a postcode, only to tell two communes of
 * one name apart). The value is the INSEE code; a code that comes from elsewhere (a link, a saved
 * search) shows its name once the commune search has answered for it, the bare code until then.
 */
import { type CommuneNaming, communeLabel, communeLabels } from '@immoloupe/shared/commune-label';
import { useEffect, useState } from 'react';
import { Select } from './select';
import { useCommuneNames, useCommuneSearch } from './use-commune-search';

/**
 * The suggestions, named as the pickers name them (two of one name and postcodes told apart by
 * their INSEE code); the commune picked among them, by its bare code while its name is unknown.
 */
export function communeOptions(
  hits: readonly CommuneNaming[],
  insee: string | null,
  known: Readonly<Record<string, CommuneNaming>>,
): { value: string; label: string }[] {
  const options = communeLabels(hits).map((o) => ({ value: o.commune.insee, label: o.label }));
  if (!insee || hits.some((c) => c.insee === insee)) return options;
  const c = known[insee];
  return [...options, { value: insee, label: c ? communeLabel(c) : insee }];
}

export interface CommuneSelectProps {
  label: string;
  /** INSEE code of the commune picked. */
  value: string | null;
  onChange: (insee: string | null) => void;
  description?: string;
  placeholder?: string;
  required?: boolean;
  w?: number | string;
}

export function CommuneSelect({
  label,
  value,
  onChange,
  description,
  placeholder = 'Nom, code postal ou INSEE',
  required,
  w,
}: CommuneSelectProps) {
  const [text, setText] = useState('');
  const hits = useCommuneSearch(text);
  // A link carries the commune's code only: its name is asked once.
  const { communes } = useCommuneNames(value ? [value] : [], hits);
  const known = value ? communes[value] : undefined;
  const shown = value ? (known ? communeLabel(known) : value) : '';
  // The field shows the commune picked, also after Back (the bare code until its name is known);
  // typing changes neither, so what is typed stays.
  useEffect(() => {
    setText(shown);
  }, [shown]);
  return (
    <Select
      label={label}
      description={description}
      searchable
      searchValue={text}
      onSearchChange={setText}
      data={communeOptions(hits, value, communes)}
      value={value}
      onChange={onChange}
      // The server already matched names, postcodes and codes: show all it found.
      filter={({ options }) => options}
      nothingFoundMessage="Aucune commune"
      placeholder={placeholder}
      required={required}
      w={w}
    />
  );
}
