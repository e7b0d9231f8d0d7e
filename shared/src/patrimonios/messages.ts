import { requiredMessage } from '../format/words';
import { formatCount, formatInteger, pluralWord } from '../format/numbers';
import type { EstadoConservacao, PatrimonioStatus } from './schemas';

/** pt-BR labels of the asset statuses. */
export const PATRIMONIO_STATUS_LABELS: Record<PatrimonioStatus, string> = {
  ativo: 'Ativo',
  em_uso: 'Em uso',
  em_manutencao: 'Em manutenção',
  ocioso: 'Ocioso',
  extraviado: 'Extraviado',
  baixado: 'Baixado',
};
/** pt-BR labels of the conservation states. */
export const ESTADO_CONSERVACAO_LABELS: Record<EstadoConservacao, string> = {
  novo: 'Novo',
  bom: 'Bom',
  regular: 'Regular',
  ruim: 'Ruim',
  inservivel: 'Inservível',
};

/** pt-BR toasts and server messages of the asset register (spec §8). */
export const PATRIMONIO_MSG = {
  entradaAntesAquisicao: 'A data de entrada em serviço não pode ser anterior à data de aquisição.',
  loadFailed: 'Falha ao carregar patrimônios.',
  created: 'Bem cadastrado com sucesso.',
  createdLote: (n: number) =>
    `${formatCount(n, 'bem', 'bens')} ${pluralWord(n, 'cadastrado', 'cadastrados')} com sucesso.`,
  updated: 'Bem atualizado com sucesso.',
  deleted: 'Bem excluído com sucesso.',
  writtenOff: 'O bem possui movimentações e não pode ser excluído; ele foi baixado (status "Baixado").',
  confirmDelete: 'Excluir este bem? Se ele tiver movimentações, será baixado em vez de excluído.',
  alreadyWrittenOff: 'Este bem já está baixado.',
  lentWriteOff: 'Este bem está emprestado. Registre a devolução antes de baixá-lo.',
  lentMove: 'Este bem está emprestado. Registre a devolução antes de mudá-lo de setor.',
  pendingTransferMove:
    'Este bem tem uma solicitação de transferência pendente. Aguarde a decisão antes de mudar o setor ou o local.',
  notFound: 'Bem não encontrado.',
  numeroReadOnly: 'O número de patrimônio é atribuído pelo sistema e não pode ser informado ou alterado.',
  sectorNotFound: 'Setor não encontrado.',
  localNotFound: 'Local não encontrado.',
  localOtherSector: 'O local escolhido não pertence ao setor selecionado.',
  tipoNotFound: 'Tipo de bem não encontrado.',
  formaNotFound: 'Forma de aquisição não encontrada.',
  notYourSector: 'Você só pode cadastrar ou mover bens para os seus setores.',
  tipoRequired: 'Selecione um tipo de bem.',
  customUnknown: 'Campo personalizado desconhecido.',
  customRequired: requiredMessage,
  customType: (label: string) => `Valor inválido para ${label}.`,
  customOption: (label: string) => `Escolha uma das opções de ${label}.`,
  stale: 'Este bem foi alterado por outra pessoa. Recarregue para ver a versão atual antes de salvar.',
  fotoAdded: 'Foto enviada com sucesso.',
  fotoRemoved: 'Foto excluída com sucesso.',
  documentoAdded: 'Documento enviado com sucesso.',
  documentoRemoved: 'Documento excluído com sucesso.',
  fileMissing: 'Envie um arquivo no campo "file".',
  fotoTooLarge: 'A foto é muito grande (máximo 10 MB).',
  documentoTooLarge: 'O documento é muito grande (máximo 20 MB).',
  importTooLarge: 'A planilha é muito grande (máximo 20 MB).',
  notAnImage: 'O arquivo enviado não é uma imagem (JPEG, PNG, WebP, GIF, AVIF ou TIFF).',
  badImage: 'Não foi possível ler a imagem; o arquivo parece corrompido.',
  badDocument: 'Tipo de documento não permitido. Envie PDF, DOC, DOCX, XLS, XLSX, ODT, ODS, PPT, PPTX ou ODP.',
  typeMismatch: 'O conteúdo do arquivo não corresponde à sua extensão.',
  tooManyFotos: 'Este bem já tem o máximo de 10 fotos.',
  tooManyDocumentos: 'Este bem já tem o máximo de 20 documentos.',
  fileNotFound: 'Arquivo não encontrado.',
  importBadFile: 'Não foi possível ler a planilha. Envie um arquivo XLSX ou CSV exportado pelo Tombo.',
  importNoRows: 'A planilha não tem linhas de dados.',
  importTooManyRows: 'A planilha tem linhas demais (máximo 10.000 por importação).',
  importMissingColumn: (h: string) => `Coluna obrigatória ausente: "${h}".`,
  importDone: (n: number) =>
    `${formatCount(n, 'bem', 'bens')} ${pluralWord(n, 'importado', 'importados')} com sucesso.`,
  publicDisabled: 'A consulta pública está desativada para este município.',
  publicMunicipality: 'Informe o município (?municipio=<identificador>).',
  municipalityNotFound: 'Município não encontrado.',
} as const;

const bens = (n: number) => (n === 1 ? '1 bem' : `${formatInteger(n)} bens`);

/** pt-BR messages of the bulk edit (PATCH /api/patrimonios). */
export const PATRIMONIO_BULK_MSG = {
  empty: 'Selecione ao menos um bem.',
  noMatch: 'Nenhum bem atende aos filtros.',
  noField: 'Informe ao menos um campo a alterar.',
  oneSource: 'Informe os bens selecionados ou um filtro (um dos dois).',
  esperado: 'Informe quantos bens o filtro mostrava.',
  repeated: 'A seleção repete um bem.',
  status: 'Status inválido: a baixa de bens é feita pela ação "Baixar", não pela edição em lote.',
  recusados: 'Valor inválido: use "ignorar" para aplicar aos demais bens.',
  tooMany: (limite: number) => `Selecione no máximo ${bens(limite)} por edição em lote.`,
  stale: (n: number) =>
    `${n === 1 ? '1 bem foi alterado' : `${formatInteger(n)} bens foram alterados`} por outra pessoa. Recarregue a lista antes de salvar.`,
  countChanged: (esperado: number, atual: number) =>
    `O filtro agora corresponde a ${bens(atual)} (eram ${formatInteger(esperado)}). Revise a seleção antes de salvar.`,
  refused: (n: number) =>
    n === 1
      ? '1 bem não pode ser alterado (veja o motivo).'
      : `${formatInteger(n)} bens não podem ser alterados (veja os motivos).`,
  updated: (n: number) => (n === 1 ? '1 bem atualizado.' : `${formatInteger(n)} bens atualizados.`),
} as const;

/** History actions written by the server. */
export const HISTORICO_ACTIONS = {
  created: 'Cadastro',
  updated: 'Alteração',
  moved: 'Movimentação',
  status: 'Alteração de status',
  fotoAdded: 'Foto adicionada',
  fotoRemoved: 'Foto removida',
  documentoAdded: 'Documento adicionado',
  documentoRemoved: 'Documento removido',
  writtenOff: 'Baixa',
} as const;
