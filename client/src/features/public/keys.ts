/** The municipality of a public call, as the URL names it: `{ municipio: slug }` or `{ municipalityId }` (QR labels). */
export type MunicipioRef = { municipio: string } | { municipalityId: string };
/** Query of GET /api/public/patrimonios as strings, ready for the URL. */
export type PublicListParams = Record<string, string>;

export const publicKeys = {
  municipios: ['public', 'municipios'] as const,
  filtros: (ref: MunicipioRef) => ['public', 'filtros', ref] as const,
  list: (params: PublicListParams) => ['public', 'list', params] as const,
  detail: (numero: string, ref: MunicipioRef) => ['public', 'detail', numero, ref] as const,
};
