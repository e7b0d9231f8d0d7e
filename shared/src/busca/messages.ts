import { formatCount, formatInteger, pluralWord } from '../format/numbers';
import type { BuscaKind } from './schemas';

/** pt-BR texts of the global search panel and its API errors. */
export const BUSCA_MSG = {
  tooShort: 'Digite ao menos 2 caracteres.',
  tooLong: 'A busca deve ter no máximo 100 caracteres.',
  badLimit: 'Limite inválido (de 1 a 20).',
  button: 'Buscar',
  placeholder: 'Buscar bens, setores, locais, telas…',
  dialogTitle: 'Busca global',
  hint: 'Digite o número ou palavras da descrição de um bem, ou o nome de um setor, local ou tela.',
  empty: (q: string) => `Nenhum resultado para “${q}”.`,
  failed: 'Falha ao buscar. Tente novamente.',
  /** The panel's count of every match (not only those shown): "236 resultados.", "mais de 1.000 resultados.". */
  found: (total: number, capped: boolean) =>
    capped
      ? `Mais de ${formatInteger(total)} ${pluralWord(total, 'resultado', 'resultados')}.`
      : `${formatCount(total, 'resultado', 'resultados')}.`,
  /** Under a group that shows fewer than it found. */
  shownOf: (shown: number, total: number, capped: boolean) =>
    `${formatInteger(shown)} de ${capped ? 'mais de ' : ''}${formatInteger(total)}`,
  more: 'Ver todos na lista de bens',
  keys: '↑↓ para navegar · Enter para abrir · Esc para fechar',
} as const;

/** Group headings. */
export const BUSCA_GROUP_LABELS: Record<BuscaKind, string> = {
  patrimonios: 'Bens',
  imoveis: 'Imóveis',
  setores: 'Setores',
  locais: 'Locais',
  usuarios: 'Usuários',
  telas: 'Telas',
};
