/** The fields of the list a target goes to: one of the user's lists, or « Nouvelle liste… » and its name. */
import { Select, TextInput } from '@mantine/core';
import { type ListChoice, NEW_LIST } from './use-list-choice';

export function ListChoiceFields({ choice }: { choice: ListChoice }) {
  const options = [
    ...(choice.lists ?? []).map((l) => ({ value: l.id, label: `${l.name} (${l.targets})` })),
    { value: NEW_LIST, label: 'Nouvelle liste…' },
  ];
  return (
    <>
      <Select
        label="Liste"
        data={options}
        value={choice.choice}
        onChange={choice.setChoice}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
        disabled={choice.lists === null}
      />
      {choice.choice === NEW_LIST && (
        <TextInput
          label="Nom de la nouvelle liste"
          value={choice.newName}
          onChange={(e) => choice.setNewName(e.currentTarget.value)}
          required
          maxLength={120}
        />
      )}
    </>
  );
}
