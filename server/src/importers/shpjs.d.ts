// shpjs ships no types: the two entry points the urban-planning reader calls (plu-read.ts).
declare module 'shpjs' {
  interface Collection {
    type: 'FeatureCollection';
    features: { type: 'Feature'; geometry: unknown; properties: Record<string, unknown> }[];
    fileName?: string;
  }
  export function parseZip(buffer: ArrayBuffer | Uint8Array, whiteList?: string[]): Promise<Collection | Collection[]>;
  export function getShapefile(
    base: string | ArrayBuffer | Uint8Array | { shp: Uint8Array; dbf?: Uint8Array; cpg?: string; prj?: string },
  ): Promise<Collection | Collection[]>;
}
