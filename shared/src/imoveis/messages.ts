import { formatCount, pluralWord } from '../format/numbers';
/** pt-BR toasts and server messages of the real-estate register (spec §8). */
export const IMOVEL_MSG = {
  loadFailed: 'Falha ao carregar imóveis.',
  created: 'Imóvel cadastrado com sucesso.',
  updated: 'Imóvel atualizado com sucesso.',
  deleted: 'Imóvel excluído com sucesso.',
  createFailed: 'Falha ao cadastrar imóvel.',
  updateFailed: 'Falha ao atualizar imóvel.',
  deleteFailed: 'Falha ao excluir imóvel.',
  confirmDelete: 'Excluir este imóvel? As manutenções, fotos e documentos dele também serão excluídos.',
  notFound: 'Imóvel não encontrado.',
  numeroTaken: 'Já existe um imóvel com este número de patrimônio.',
  sectorNotFound: 'Setor não encontrado.',
  formaNotFound: 'Forma de aquisição não encontrada.',
  notYourSector: 'Você só pode cadastrar ou alterar imóveis dos seus setores.',
  stale: 'Este imóvel foi alterado por outra pessoa. Recarregue para ver a versão atual antes de salvar.',
  openMap: 'Abrir no mapa',
  fotoAdded: 'Foto enviada com sucesso.',
  fotoRemoved: 'Foto excluída com sucesso.',
  documentoAdded: 'Documento enviado com sucesso.',
  documentoRemoved: 'Documento excluído com sucesso.',
  tooManyFotos: 'Este imóvel já tem o máximo de 10 fotos.',
  tooManyDocumentos: 'Este imóvel já tem o máximo de 20 documentos.',
  fileNotFound: 'Arquivo não encontrado.',
  exportFailed: 'Falha ao exportar imóveis.',
  importBadFile: 'Não foi possível ler a planilha. Envie um arquivo XLSX exportado pelo Tombo.',
  importNoRows: 'A planilha não tem linhas de dados.',
  importTooManyRows: 'A planilha tem linhas demais (máximo 10.000 por importação).',
  importMissingColumn: (h: string) => `Coluna obrigatória ausente: "${h}".`,
  importFailed: 'A planilha tem erros; nenhum imóvel foi importado.',
  importDone: (n: number) =>
    `${formatCount(n, 'imóvel', 'imóveis')} ${pluralWord(n, 'importado', 'importados')} com sucesso.`,
  importRow: (row: number, message: string) => `Linha ${row}: ${message}`,
  importDuplicate: 'Número de patrimônio repetido na planilha.',
  importSectorUnknown: (nome: string) => `Setor "${nome}" não encontrado.`,
  importFormaUnknown: (nome: string) => `Forma de aquisição "${nome}" não encontrada.`,
  importSituacaoUnknown: (v: string) => `Situação "${v}" inválida.`,
} as const;

/** pt-BR texts of the property custom fields (spec §8). */
export const IMOVEL_FIELD_MSG = {
  added: 'Campo personalizado adicionado.',
  updated: 'Campo personalizado atualizado.',
  deleted: 'Campo personalizado excluído.',
  addFailed: 'Falha ao adicionar campo personalizado.',
  updateFailed: 'Falha ao atualizar campo personalizado.',
  deleteFailed: 'Falha ao excluir campo personalizado.',
  systemDelete: 'Campos do sistema não podem ser excluídos.',
  systemType: 'O tipo de um campo do sistema não pode ser alterado.',
  keyTaken: 'Já existe um campo com esta chave.',
  notFound: 'Campo não encontrado.',
  reorderIds: 'A lista deve conter todos os campos, cada um uma vez.',
} as const;

/** History actions of a property, written by the server. */
export const IMOVEL_HISTORICO_ACTIONS = {
  created: 'Cadastro',
  updated: 'Alteração',
  fotoAdded: 'Foto adicionada',
  fotoRemoved: 'Foto removida',
  documentoAdded: 'Documento adicionado',
  documentoRemoved: 'Documento removido',
  imported: 'Importação',
} as const;
