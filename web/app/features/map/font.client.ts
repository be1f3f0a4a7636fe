/** The font of the map labels, bundled and served by us like any asset (no CDN, works offline). */
import fontUrl from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2?url';

export { fontUrl };
