import { requiredMessage } from '../format/words';
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
  required: requiredMessage,
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
  numeroAndGenerate: 'Os números serão gerados automaticamente: deixe o número de patrimônio sem coluna.',
  // A user without settings:update imports into the catalogs as they are (the asset sheet's words).
  unknownSetor: (v: string) => `Setor "${v}" não encontrado.`,
  unknownLocal: (v: string, setor: string) => `Local "${v}" não encontrado no setor "${setor}".`,
  unknownTipo: (v: string) => `Tipo de bem "${v}" não encontrado.`,
  unknownForma: (v: string) => `Forma de aquisição "${v}" não encontrada.`,
  noCreate: 'Só um administrador pode criar setores, locais, tipos de bens e formas de aquisição pela importação.',
  pendingStale: 'As linhas pendentes foram alteradas por outra pessoa. Recarregue e corrija de novo.',
  noPending: 'Esta importação não tem linhas pendentes.',
  pendingUnknownLine: (line: number) => `A linha ${line} não está pendente nesta importação.`,
  pendingUnknownField: (field: string) => `O campo "${field}" não faz parte desta importação.`,
  pendingKept: (n: number) =>
    ` ${formatNumber(n)} ${n === 1 ? 'linha ficou pendente' : 'linhas ficaram pendentes'} para correção.`,
  pendingDone: (n: number, left: number) =>
    `${formatNumber(n)} ${n === 1 ? 'bem importado' : 'bens importados'}.` +
    (left ? ` ${formatNumber(left)} ${left === 1 ? 'linha continua pendente' : 'linhas continuam pendentes'}.` : ''),
  updatedCount: (n: number) => ` ${formatNumber(n)} ${n === 1 ? 'bem atualizado' : 'bens atualizados'}.`,
  updateOutOfScope: (numero: string) => `O bem ${numero} é de um setor que você não gerencia.`,
  badDefault: (label: string) => `O valor padrão de ${label} não existe.`,
  numericSector: (v: string) =>
    `"${v}" parece um código, não um nome de setor: escolha o setor existente ou confirme a criação.`,
  numbersIssued: (first: string, last: string) =>
    first === last ? ` Número ${first}.` : ` Números de ${first} a ${last}.`,
} as const;
