/**
 * The newsletter body: Mantine's rich-text editor (tiptap) with the formatting the e-mail keeps
 * (the server sanitises to the same list). Rendered only in the browser: tiptap needs the DOM.
 */
import '@mantine/tiptap/styles.css';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

export function NewsletterEditor({ value, onChange }: { value: string; onChange: (html: string) => void }) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false }), Link.configure({ openOnClick: false })],
    content: value,
    immediatelyRender: false,
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
    editorProps: { attributes: { 'aria-label': 'Contenu de la lettre' } },
  });
  return (
    <RichTextEditor editor={editor} labels={FRENCH_LABELS}>
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.Blockquote />
          <RichTextEditor.Hr />
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={220} />
    </RichTextEditor>
  );
}

const FRENCH_LABELS = {
  boldControlLabel: 'Gras',
  italicControlLabel: 'Italique',
  strikeControlLabel: 'Barré',
  clearFormattingControlLabel: 'Effacer la mise en forme',
  h2ControlLabel: 'Titre 2',
  h3ControlLabel: 'Titre 3',
  blockquoteControlLabel: 'Citation',
  hrControlLabel: 'Séparateur',
  bulletListControlLabel: 'Liste à puces',
  orderedListControlLabel: 'Liste numérotée',
  linkControlLabel: 'Lien',
  unlinkControlLabel: 'Retirer le lien',
  linkEditorInputLabel: 'Adresse du lien',
  linkEditorInputPlaceholder: 'https://exemple.fr/',
  linkEditorExternalLink: 'Ouvrir dans un nouvel onglet',
  linkEditorInternalLink: 'Ouvrir dans le même onglet',
  linkEditorSave: 'Enregistrer',
};
