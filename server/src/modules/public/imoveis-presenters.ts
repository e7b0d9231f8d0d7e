import type { PublicImovel, SituacaoImovel } from '@tombo/shared';
import { imoveis } from '../../db/schema';

/**
 * The public allowlist of a property (spec §2.1): number, denominação, address, utilização, areas and
 * situação. Never values, people, notes, documents, registry fields or coordinates.
 */
export const publicImovelColumns = {
  id: imoveis.id,
  numero_patrimonio: imoveis.numeroPatrimonio,
  denominacao: imoveis.denominacao,
  endereco: imoveis.endereco,
  bairro: imoveis.bairro,
  cidade: imoveis.cidade,
  uf: imoveis.uf,
  cep: imoveis.cep,
  utilizacao: imoveis.utilizacao,
  situacao: imoveis.situacao,
  area_construida: imoveis.areaConstruida,
  area_terreno: imoveis.areaTerreno,
};

type PublicImovelRow = {
  [K in keyof typeof publicImovelColumns]: (typeof publicImovelColumns)[K]['_']['data'] | null;
} & {
  id: number;
  numero_patrimonio: string;
  denominacao: string;
  endereco: string;
  situacao: string;
};

/** Address of a property's public photo (served without sign-in; the municipality is part of it). */
export const publicFotoUrl = (imovelId: number, fotoId: string, municipalityId: number) =>
  `/api/public/imoveis/${imovelId}/foto/${fotoId}?municipalityId=${municipalityId}`;

/** A public row (+ its first photo's id) → the API shape, with the municipality's name. */
export const presentPublicImovel = (
  r: PublicImovelRow,
  fotoId: string | null,
  m: { id: number; name: string },
): PublicImovel => ({
  id: r.id,
  numero_patrimonio: r.numero_patrimonio,
  denominacao: r.denominacao,
  endereco: r.endereco,
  bairro: r.bairro,
  cidade: r.cidade,
  uf: r.uf,
  cep: r.cep,
  utilizacao: r.utilizacao,
  situacao: r.situacao as SituacaoImovel,
  area_construida: r.area_construida,
  area_terreno: r.area_terreno,
  fotoUrl: fotoId ? publicFotoUrl(r.id, fotoId, m.id) : null,
  municipio: m.name,
});
