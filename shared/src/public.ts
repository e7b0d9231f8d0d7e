import { z } from 'zod';
import { idFromText } from './common';

/** The municipality of a public call: `?municipio=<slug>` (shared links) or `?municipalityId=<id>` (the asset label's QR). */
export const publicMunicipioQuery = z.strictObject({
  municipio: z.string({ error: 'Município inválido.' }).trim().max(80, { error: 'Município inválido.' }).optional(),
  municipalityId: idFromText('Município inválido.').optional(),
});
export type PublicMunicipioRef = z.infer<typeof publicMunicipioQuery>;

/** A municipality open to the public consultation. */
export interface PublicMunicipio {
  id: number;
  name: string;
  slug: string;
}
export interface PublicMunicipioList {
  municipios: PublicMunicipio[];
  total: number;
}

/** GET /api/public/filtros: the options of the advanced filter of one municipality (its sectors, its active asset types). */
export interface PublicFiltros {
  municipio: PublicMunicipio;
  sectors: Array<{ id: number; name: string }>;
  tiposBens: Array<{ id: number; name: string }>;
}

/**
 * Path of an asset's public page, municipality included (what the asset view's QR and every printed
 * label/record sheet encode); prefix it with the installation's address (APP_URL on the server).
 */
export const publicAssetPath = (numero: string, municipalityId: number): string =>
  `/consulta-publica/bem/${encodeURIComponent(numero)}?municipalityId=${municipalityId}`;
