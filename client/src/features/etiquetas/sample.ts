import {
  ESTADO_CONSERVACAO_LABELS,
  formatDate,
  formatMoney,
  PATRIMONIO_STATUS_LABELS,
  publicAssetPath,
  type PatrimonioListItem,
} from '@tombo/shared';

/** What a label prints of an asset, as the worker prints it (server: etiquetas/jobs/label-values.ts). */
export interface LabelSample {
  numero: string;
  url: string;
  value(key: string): string;
}

/** An example asset for a template with no asset picked yet. */
export const EXAMPLE_SAMPLE: LabelSample = {
  numero: '2026/000123',
  url: `${window.location.origin}${publicAssetPath('2026/000123', 0)}`,
  value: (key) =>
    ({
      numero_patrimonio: '2026/000123',
      descricao: 'Cadeira giratória com braços',
      setor: 'Secretaria de Administração',
      local: 'Sala 12',
      tipo: 'Mobiliário',
      municipio: 'Município',
    })[key] ?? `[${key}]`,
};

/** The printable values of a register row (money R$, dates dd/MM/yyyy, pt-BR labels). */
export function sampleOf(a: PatrimonioListItem, municipalityId: number, municipio: string): LabelSample {
  const values: Record<string, string> = {
    numero_patrimonio: a.numero_patrimonio,
    descricao: a.descricao_bem,
    tipo: a.tipo ?? '',
    setor: a.setor_responsavel,
    local: a.local_objeto ?? '',
    status: PATRIMONIO_STATUS_LABELS[a.status] ?? a.status,
    estado_conservacao: a.estado_conservacao ? ESTADO_CONSERVACAO_LABELS[a.estado_conservacao] : '',
    valor_aquisicao: formatMoney(a.valor_aquisicao),
    data_aquisicao: a.data_aquisicao ? formatDate(a.data_aquisicao) : '',
    forma_aquisicao: a.forma_aquisicao ?? '',
    quantidade: String(a.quantidade),
    municipio,
  };
  return {
    numero: a.numero_patrimonio,
    url: window.location.origin + publicAssetPath(a.numero_patrimonio, municipalityId),
    value: (key) => {
      if (key.startsWith('cf:')) {
        const v = (a.customFields as Record<string, unknown>)[key.slice(3)];
        return v == null ? '' : typeof v === 'boolean' ? (v ? 'Sim' : 'Não') : String(v);
      }
      return values[key] ?? '';
    },
  };
}
