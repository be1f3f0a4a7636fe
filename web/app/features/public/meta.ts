/** Head tags of a public page from its entry in the route table (title, description, canonical, OG). */
import type { MetaDescriptor } from 'react-router';
import { specMetaFor } from '~/lib/meta';

type Matches = Parameters<typeof specMetaFor>[1];

export function publicMeta(path: string): (args: { matches: Matches }) => MetaDescriptor[] {
  return ({ matches }) => specMetaFor(path, matches);
}
