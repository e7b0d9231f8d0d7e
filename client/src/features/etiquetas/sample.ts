import { labelData, type LabelData, type PatrimonioListItem } from '@tombo/shared';

/** What a label prints of an asset (shared `labelData`: the worker prints the same). */
export type LabelSample = LabelData;

/** An example asset for a template with no asset picked yet. */
export const EXAMPLE_SAMPLE: LabelSample = labelData(
  {
    numero: '2026/000123',
    municipalityId: 0,
    descricao: 'Cadeira giratória com braços',
    tipo: 'Mobiliário',
    setor: 'Secretaria de Administração',
    local: 'Sala 12',
    status: 'ativo',
    estado: 'bom',
    valor: '450.00',
    data: '2026-01-15',
    forma: 'Compra',
    quantidade: 1,
    marca: 'Cavaletti',
    modelo: 'Start 2D',
    numeroSerie: 'CV-2026-0457',
    customFields: null,
  },
  'Município',
  window.location.origin,
);

/** The printable values of a register row. */
export function sampleOf(a: PatrimonioListItem, municipalityId: number, municipio: string): LabelSample {
  return labelData(
    {
      numero: a.numero_patrimonio,
      municipalityId,
      descricao: a.descricao_bem,
      tipo: a.tipo,
      setor: a.setor_responsavel,
      local: a.local_objeto,
      status: a.status,
      estado: a.estado_conservacao,
      valor: a.valor_aquisicao,
      data: a.data_aquisicao,
      forma: a.forma_aquisicao,
      quantidade: a.quantidade,
      marca: a.marca,
      modelo: a.modelo,
      numeroSerie: a.numeroSerie,
      customFields: a.customFields as Record<string, unknown>,
    },
    municipio,
    window.location.origin,
  );
}
