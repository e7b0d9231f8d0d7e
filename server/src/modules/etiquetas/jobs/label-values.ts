import {
  ESTADO_CONSERVACAO_LABELS,
  formatDate,
  formatMoney,
  PATRIMONIO_STATUS_LABELS,
  publicAssetPath,
  type EstadoConservacao,
  type PatrimonioStatus,
} from '@tombo/shared';
import type { patrimonios } from '../../../db/schema';

type Row = typeof patrimonios.$inferSelect;

/** What one label prints of an asset: its field values (by LABEL_FIELDS key or `cf:<key>`) and its public URL. */
export interface LabelData {
  numero: string;
  url: string;
  value(key: string): string;
}

/** The printable values of an asset row (money R$, dates dd/MM/yyyy, pt-BR labels). */
export function labelData(row: Row, municipio: string, appUrl: string): LabelData {
  const custom = (row.customFields ?? {}) as Record<string, unknown>;
  const values: Record<string, string> = {
    numero_patrimonio: row.numeroPatrimonio,
    descricao: row.descricaoBem,
    tipo: row.tipoNome ?? '',
    setor: row.setorNome,
    local: row.localNome ?? '',
    status: PATRIMONIO_STATUS_LABELS[row.status as PatrimonioStatus] ?? row.status,
    estado_conservacao: row.estadoConservacao
      ? (ESTADO_CONSERVACAO_LABELS[row.estadoConservacao as EstadoConservacao] ?? row.estadoConservacao)
      : '',
    valor_aquisicao: formatMoney(row.valorAquisicao),
    data_aquisicao: row.dataAquisicao ? formatDate(row.dataAquisicao) : '',
    forma_aquisicao: row.formaNome ?? '',
    quantidade: String(row.quantidade),
    observacoes: row.observacoes ?? '',
    municipio,
  };
  return {
    numero: row.numeroPatrimonio,
    url: appUrl.replace(/\/+$/, '') + publicAssetPath(row.numeroPatrimonio, row.municipalityId),
    value(key) {
      if (key.startsWith('cf:')) {
        const v = custom[key.slice(3)];
        if (v == null) return '';
        return typeof v === 'boolean' ? (v ? 'Sim' : 'Não') : String(v);
      }
      return values[key] ?? '';
    },
  };
}
