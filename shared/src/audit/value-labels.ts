import { COMISSAO_TIPO_LABELS } from '../comissoes/schemas';
import { EMPRESTIMO_STATUS_LABELS } from '../emprestimos/messages';
import { PAPEL_CONTA_LABELS } from '../contabilidade/plano-padrao';
import { RECORRENCIA_MANUTENCAO_LABELS, SITUACAO_IMOVEL_LABELS, STATUS_MANUTENCAO_LABELS } from '../imoveis/values';
import {
  INVENTARIO_SCOPE_LABELS,
  INVENTARIO_STATUS_LABELS,
  INVENTARIO_TIPO_LABELS,
  ITEM_STATUS_LABELS,
} from '../inventarios/messages';
import { ESTADO_CONSERVACAO_LABELS, PATRIMONIO_STATUS_LABELS } from '../patrimonios/messages';
import { TRANSFER_STATUS_LABELS, TRANSFER_TYPE_LABELS } from '../transferencias/messages';

/**
 * Bookkeeping keys of details that say nothing to a reader (stored file ids and paths, a job's processor
 * name, the requester and scope a job carries): the log leaves them out.
 */
export const AUDIT_HIDDEN_FIELDS: ReadonlySet<string> = new Set([
  'fileId',
  'uploadPath',
  'actorName',
  'jobId',
  'storedPath',
  'viewerId',
  'id',
  'municipalityId',
  'origemId',
  'backupId',
  'uploadedBy',
  'version',
]);

const JOB_STATUS_LABELS = { queued: 'Na fila', running: 'Em execução', completed: 'Concluída', failed: 'Com falha' };
const TERMO_STATUS_LABELS = { pending: 'Pendente', rendering: 'Em geração', ready: 'Pronto', failed: 'Com falha' };

/** A stored status code of any area, in pt-BR (one status code never means two things across areas). */
const STATUS_LABELS: Record<string, string> = {
  ...JOB_STATUS_LABELS,
  ...TERMO_STATUS_LABELS,
  ...ITEM_STATUS_LABELS,
  ...STATUS_MANUTENCAO_LABELS,
  ...EMPRESTIMO_STATUS_LABELS,
  ...TRANSFER_STATUS_LABELS,
  ...INVENTARIO_STATUS_LABELS,
  ...PATRIMONIO_STATUS_LABELS,
  enviada: 'Enviada',
  analisada: 'Analisada',
  importada: 'Importada',
  doado: 'Doado',
  em_andamento: 'Em andamento',
  concluido: 'Concluído',
};

/** The pt-BR labels of the coded values of a details key ('type' 'doacao' → 'Doação'). */
export const AUDIT_VALUE_LABELS: Record<string, Record<string, string>> = {
  status: STATUS_LABELS,
  estado_conservacao: ESTADO_CONSERVACAO_LABELS,
  estado: ESTADO_CONSERVACAO_LABELS,
  estadoDevolucao: ESTADO_CONSERVACAO_LABELS,
  type: TRANSFER_TYPE_LABELS,
  tipo: {
    ...INVENTARIO_TIPO_LABELS,
    ...COMISSAO_TIPO_LABELS,
    reavaliacao: 'Reavaliação',
    reducao: 'Redução ao valor recuperável',
    reversao: 'Reversão de redução',
    folha: 'Folha de etiquetas',
    termica: 'Impressora térmica',
    zpl: 'Impressora térmica (ZPL)',
    epl: 'Impressora térmica (EPL)',
    periodo: 'Por período',
    tipo: 'Por tipo de bem',
    setor: 'Por setor',
    valor_contabil: 'Valor contábil',
    eventos: 'Eventos',
    rmb: 'Demonstrativo mensal (RMB)',
    diario: 'Livro Diário',
    razao: 'Livro Razão',
  },
  format: { xlsx: 'XLSX', pdf: 'PDF', csv: 'CSV' },
  formato: { xlsx: 'XLSX', pdf: 'PDF', csv: 'CSV' },
  pagina: { A4: 'A4', Letter: 'Carta' },
  atualizar: { numero: 'Pelo número do patrimônio' },
  pendentes: { manter: 'Importar as válidas e manter as recusadas como pendentes' },
  preset: Object.fromEntries(
    ['6180', '6181', '6182', '6183', '6187', 'a4260', 'a4256', 'a4262', 'a4351'].map((c) => [
      `pimaco_${c}`,
      `Pimaco ${c.toUpperCase()}`,
    ]),
  ),
  order: { asc: 'Crescente', desc: 'Decrescente' },
  sort: {
    numero_patrimonio: 'Nº Patrimônio',
    denominacao: 'Denominação',
    situacao: 'Situação',
    utilizacao: 'Utilização',
    setor_responsavel: 'Setor responsável',
    bairro: 'Bairro',
    area_construida: 'Área construída',
    valor_aquisicao: 'Valor de aquisição',
    createdAt: 'Data de cadastro',
    updatedAt: 'Última alteração',
  },
  scope: INVENTARIO_SCOPE_LABELS,
  situacao: SITUACAO_IMOVEL_LABELS,
  recorrencia: RECORRENCIA_MANUTENCAO_LABELS,
  frequency: { daily: 'Diária', weekly: 'Semanal' },
  target: { same: 'O mesmo município', new: 'Um novo município' },
  inicio: {
    mes_seguinte: 'No mês seguinte à entrada',
    mes_entrada: 'No mês da entrada',
    pro_rata: 'Proporcional aos dias (pro rata)',
  },
  arredondamento: { recalculo: 'Recalculado a cada mês', fixo: 'Cota fixa' },
  papel: PAPEL_CONTA_LABELS,
  incorporacaoCompra: {
    contabilidade: 'Lançada pela contabilidade na liquidação',
    transitoria: 'Lançada pelo Tombo (conta transitória)',
  },
  kind: { foto: 'Foto', documento: 'Documento' },
  separator: { '': '(nenhum)', '-': 'Hífen (-)', '/': 'Barra (/)', '.': 'Ponto (.)' },
};

/** The pt-BR label of a coded value of a details key, or undefined when the key has no such code. */
export function auditValueLabel(key: string, value: string): string | undefined {
  return AUDIT_VALUE_LABELS[key]?.[value];
}
