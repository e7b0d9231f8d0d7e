import { formatNumber } from '../format/numbers';
import type { ImportacaoField } from './schemas';

/** pt-BR labels of the fields a column can fill. */
export const IMPORTACAO_FIELD_LABELS: Record<ImportacaoField, string> = {
  numero: 'Nº Patrimônio (tombamento)',
  descricao: 'Descrição',
  valor: 'Valor de aquisição',
  data: 'Data de aquisição',
  setor: 'Setor',
  local: 'Local',
  tipo: 'Tipo de bem',
  forma: 'Forma de aquisição',
  estado: 'Estado de conservação',
  status: 'Status',
  quantidade: 'Quantidade',
  observacoes: 'Observações',
};

/** pt-BR messages of the register import. */
export const IMPORTACAO_MSG = {
  notFound: 'Importação não encontrada.',
  tooLarge: 'O arquivo excede o limite de 200 MB.',
  badFile: 'Não foi possível ler o arquivo. Envie um CSV ou XLSX exportado do sistema anterior.',
  noRows: 'O arquivo não tem linhas de dados.',
  missingField: (label: string) => `Escolha a coluna de "${label}".`,
  columnTwice: 'A mesma coluna foi escolhida para dois campos.',
  columnOutside: 'A coluna escolhida não existe no arquivo.',
  notAnalysed: 'Analise o arquivo com este mapeamento antes de importar.',
  hasErrors: (n: number) =>
    `O arquivo tem ${formatNumber(n)} ${n === 1 ? 'erro' : 'erros'}. Corrija as linhas indicadas e envie o arquivo de novo.`,
  unmapped: (label: string, value: string) => `Escolha o que fazer com "${value || '(vazio)'}" em ${label}.`,
  badChoice: (label: string, value: string) => `O valor escolhido para "${value || '(vazio)'}" em ${label} não existe.`,
  tooManyDistinct: (label: string, max: number) =>
    `A coluna de ${label} tem mais de ${max} valores diferentes; confira se é a coluna certa.`,
  busy: 'Esta importação já está em andamento ou foi concluída.',
  required: (label: string) => `${label} é obrigatório.`,
  duplicateInFile: (numero: string, line: number) => `O número ${numero} se repete no arquivo (linha ${line}).`,
  duplicateInRegister: (numero: string) => `O número ${numero} já existe no cadastro.`,
  numeroTooLong: 'O número de patrimônio tem mais de 40 caracteres.',
  badMoney: (v: string) => `Valor inválido: "${v}".`,
  badDate: (v: string) => `Data inválida: "${v}" (use dd/mm/aaaa).`,
  badQuantidade: (v: string) => `Quantidade inválida: "${v}".`,
  tooLong: (label: string, max: number) => `${label} tem mais de ${max} caracteres.`,
  done: (n: number) => `${formatNumber(n)} ${n === 1 ? 'bem importado' : 'bens importados'} com sucesso.`,
  failed: 'A importação falhou e nada foi gravado.',
  customUnknown: (key: string) => `O campo personalizado "${key}" não existe no formulário de bens.`,
  expired: (days: number) => `Os arquivos desta importação foram removidos após ${days} dias. Envie o arquivo de novo.`,
  errorsExpired: (days: number) =>
    `O relatório de erros desta importação foi removido após ${days} dias. Envie o arquivo de novo para analisá-lo.`,
  analysisFailed: 'A análise do arquivo falhou.',
  analysisReplaced: 'Esta análise foi substituída por outra mais recente.',
  analysing: 'O arquivo ainda está sendo analisado.',
} as const;
