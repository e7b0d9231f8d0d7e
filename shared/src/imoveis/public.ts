import { z } from 'zod';
import { idFromText, int4FromText } from '../common';
import { SITUACOES_IMOVEL, type SituacaoImovel } from './values';

/** GET /api/public/imoveis: the municipality (as the asset consultation), search, situação, paging and sort. */
export const publicImovelQuery = z.strictObject({
  municipio: z.string({ error: 'Município inválido.' }).trim().max(80, { error: 'Município inválido.' }).optional(),
  municipalityId: idFromText('Município inválido.').optional(),
  page: int4FromText('Página inválida.').min(1, { error: 'Página inválida.' }).default(1),
  pageSize: int4FromText().min(1).max(100, { error: 'No máximo 100 por página.' }).default(25),
  q: z.string().trim().max(200).optional(),
  situacao: z.enum(SITUACOES_IMOVEL, { error: 'Situação inválida.' }).optional(),
  sort: z
    .enum(['denominacao', 'numero_patrimonio', 'bairro', 'utilizacao', 'area_construida'] as const, {
      error: 'Ordenação inválida.',
    })
    .default('denominacao'),
  order: z.enum(['asc', 'desc'], { error: 'Ordem inválida.' }).default('asc'),
});
export type PublicImovelQuery = z.input<typeof publicImovelQuery>;

/**
 * A property as the public sees it: the allowlist of spec §2.1 (denominação, endereço, utilização, áreas,
 * situação, one photo, number). Never values, people, notes, documents, registry or coordinates.
 */
export interface PublicImovel {
  id: number;
  numero_patrimonio: string;
  denominacao: string;
  endereco: string;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  cep: string | null;
  utilizacao: string | null;
  situacao: SituacaoImovel;
  /** m², decimal strings ("1234.50"). */
  area_construida: string | null;
  area_terreno: string | null;
  /** The property's first photo, served without sign-in (null when it has none). */
  fotoUrl: string | null;
  municipio: string;
}
export interface PublicImovelList {
  imoveis: PublicImovel[];
  total: number;
  page: number;
  pageSize: number;
}

/** Path of a property's public page (municipality included). */
export const publicImovelPath = (id: number, municipio: string): string =>
  `/consulta-publica/imovel/${id}?municipio=${encodeURIComponent(municipio)}`;
