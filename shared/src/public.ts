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

/** Texts of the public consultation (issue 15). */
export const PUBLIC_MSG = {
  rateLimited: (seconds: number) =>
    `Muitas consultas em pouco tempo. Aguarde ${seconds} segundo${seconds === 1 ? '' : 's'} e tente novamente.`,
  badCursor: 'Cursor inválido: volte à primeira página.',
  unavailable: 'A consulta pública não está disponível para este município.',
  bemNotFound: 'Nenhum bem com este número nas consultas públicas.',
  chooseMunicipio: 'Este número existe em mais de um município: escolha qual.',
  /** A call without municipality while several are open (`error.details.municipios` lists them). */
  chooseMunicipioConsulta: 'Escolha o município da consulta: mais de um município tem consulta pública.',
  /** A call without municipality while none is open. */
  noMunicipioAberto: 'Nenhum município está com a consulta pública disponível no momento.',
} as const;

/** `error.details` of a 400 to a public call without municipality: the municipalities to choose from. */
export interface PublicMunicipioChoice {
  municipios: PublicMunicipio[];
}

/** `/public/municipios/:ref`: the municipality's id or its slug. */
export const publicMunicipioRefParam = z.strictObject({
  ref: z
    .string({ error: 'Município inválido.' })
    .trim()
    .min(1, { error: 'Município inválido.' })
    .max(80, { error: 'Município inválido.' }),
});

/** GET /api/public/municipios/:ref: the municipality's public page (branding, totals, links). */
export interface PublicMunicipioPagina {
  municipio: PublicMunicipio & { uf: string | null };
  branding: {
    prefeituraName: string;
    secretariaResponsavel: string;
    departamentoResponsavel: string;
    logoUrl: string;
    primaryColor: string;
  };
  totais: {
    bens: number;
    imoveis: number;
    porTipo: Array<{ nome: string; total: number }>;
    porSetor: Array<{ nome: string; total: number }>;
  };
  dadosAbertos: { csv: string; json: string; dicionario: string };
}

/** GET /api/public/bens/:numero: the municipalities open to the public that have an asset with this number. */
export interface PublicBemMunicipios {
  numero: string;
  municipios: PublicMunicipio[];
}

/**
 * The open-data dictionary (LAI art. 8): every column of dados-abertos.csv / .json, in order. The same
 * public allowlist as the consultation: no values, people, notes or documents.
 */
export const DADOS_ABERTOS_CAMPOS = [
  { campo: 'numero_patrimonio', tipo: 'texto', descricao: 'Número de patrimônio (tombamento) do bem.' },
  { campo: 'descricao_bem', tipo: 'texto', descricao: 'Descrição do bem.' },
  { campo: 'tipo', tipo: 'texto', descricao: 'Tipo de bem (categoria).' },
  { campo: 'setor_responsavel', tipo: 'texto', descricao: 'Setor responsável pelo bem.' },
  { campo: 'local_objeto', tipo: 'texto', descricao: 'Local onde o bem está.' },
  {
    campo: 'status',
    tipo: 'texto',
    descricao: 'Situação: ativo, em_uso, em_manutencao, ocioso, extraviado ou baixado.',
  },
  { campo: 'data_aquisicao', tipo: 'data (AAAA-MM-DD)', descricao: 'Data de aquisição, quando informada.' },
  { campo: 'municipio', tipo: 'texto', descricao: 'Município dono do bem.' },
] as const;
export type DadosAbertosCampo = (typeof DADOS_ABERTOS_CAMPOS)[number];

/** Addresses of a municipality's open data (relative to the API). */
export const dadosAbertosPaths = (slug: string) => ({
  csv: `/api/public/municipios/${encodeURIComponent(slug)}/dados-abertos.csv`,
  json: `/api/public/municipios/${encodeURIComponent(slug)}/dados-abertos.json`,
  dicionario: '/api/public/dados-abertos/dicionario',
});
