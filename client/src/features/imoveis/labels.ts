import { SITUACAO_IMOVEL_LABELS, type SituacaoImovel } from '@tombo/shared';

/** Column / field names of the property register as the screens show them. */
export const IMOVEL_LABELS: Record<string, string> = {
  numero_patrimonio: 'Nº Patrimônio',
  denominacao: 'Denominação',
  endereco: 'Endereço',
  cep: 'CEP',
  bairro: 'Bairro',
  cidade: 'Cidade',
  uf: 'UF',
  area_construida: 'Área construída',
  area_terreno: 'Área do terreno',
  situacao: 'Situação',
  utilizacao: 'Utilização',
  setor_responsavel: 'Setor responsável',
  forma_aquisicao: 'Forma de aquisição',
  data_aquisicao: 'Data de aquisição',
  valor_aquisicao: 'Valor de aquisição',
  latitude: 'Latitude',
  longitude: 'Longitude',
  observacoes: 'Observações',
  createdAt: 'Cadastrado em',
  updatedAt: 'Alterado em',
};

/** The pt-BR label of a situação ('—' when none). */
export const situacaoLabel = (s: SituacaoImovel | null | undefined) => (s ? (SITUACAO_IMOVEL_LABELS[s] ?? s) : '—');

/** The page showing a property that someone else deleted. */
export const GONE_DELETED = 'Este imóvel foi excluído por outra pessoa.';

/** OpenStreetMap at the property's coordinates; null when either is missing. */
export function mapUrl(lat: string | null | undefined, lon: string | null | undefined): string | null {
  if (!lat || !lon) return null;
  return `https://www.openstreetmap.org/?mlat=${encodeURIComponent(lat)}&mlon=${encodeURIComponent(lon)}#map=17/${encodeURIComponent(lat)}/${encodeURIComponent(lon)}`;
}
