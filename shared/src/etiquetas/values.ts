import { formatDate, formatMoney } from '../format';
import { ESTADO_CONSERVACAO_LABELS, PATRIMONIO_STATUS_LABELS } from '../patrimonios';
import type { EstadoConservacao, PatrimonioStatus } from '../patrimonios';
import { publicAssetPath } from '../public';

/** An asset as a label needs it (the server's row and the client's list item both map to it). */
export interface LabelAssetFields {
  numero: string;
  municipalityId: number;
  descricao: string;
  tipo: string | null;
  setor: string;
  local: string | null;
  status: string;
  estado: string | null;
  valor: string;
  data: string | null;
  forma: string | null;
  quantidade: number;
  observacoes?: string | null;
  marca?: string | null;
  modelo?: string | null;
  numeroSerie?: string | null;
  customFields: Record<string, unknown> | null;
}

/** What one label prints of an asset: its field values (LABEL_FIELDS key or `cf:<key>`) and its public URL. */
export interface LabelData {
  numero: string;
  url: string;
  value(key: string): string;
}

/** The printable values of an asset (money R$, dates dd/MM/yyyy, pt-BR labels); the QR's URL from `appUrl`. */
export function labelData(a: LabelAssetFields, municipio: string, appUrl: string): LabelData {
  const custom = a.customFields ?? {};
  const values: Record<string, string> = {
    numero_patrimonio: a.numero,
    descricao: a.descricao,
    tipo: a.tipo ?? '',
    setor: a.setor,
    local: a.local ?? '',
    status: PATRIMONIO_STATUS_LABELS[a.status as PatrimonioStatus] ?? a.status,
    estado_conservacao: a.estado ? (ESTADO_CONSERVACAO_LABELS[a.estado as EstadoConservacao] ?? a.estado) : '',
    valor_aquisicao: formatMoney(a.valor),
    data_aquisicao: a.data ? formatDate(a.data) : '',
    forma_aquisicao: a.forma ?? '',
    quantidade: String(a.quantidade),
    observacoes: a.observacoes ?? '',
    marca: a.marca ?? '',
    modelo: a.modelo ?? '',
    numero_serie: a.numeroSerie ?? '',
    municipio,
  };
  return {
    numero: a.numero,
    url: appUrl.replace(/\/+$/, '') + publicAssetPath(a.numero, a.municipalityId),
    value(key) {
      if (!key.startsWith('cf:')) return values[key] ?? '';
      const v = custom[key.slice(3)];
      if (v == null) return '';
      return typeof v === 'boolean' ? (v ? 'Sim' : 'Não') : String(v);
    },
  };
}
