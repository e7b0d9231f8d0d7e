import { labelData as fromFields, type LabelData } from '@tombo/shared';
import type { patrimonios } from '../../../db/schema';

export type { LabelData };

/** What one label prints of an asset row (shared `labelData`: the client's preview prints the same). */
export function labelData(row: typeof patrimonios.$inferSelect, municipio: string, appUrl: string): LabelData {
  return fromFields(
    {
      numero: row.numeroPatrimonio,
      municipalityId: row.municipalityId,
      descricao: row.descricaoBem,
      tipo: row.tipoNome,
      setor: row.setorNome,
      local: row.localNome,
      status: row.status,
      estado: row.estadoConservacao,
      valor: row.valorAquisicao,
      data: row.dataAquisicao,
      forma: row.formaNome,
      quantidade: row.quantidade,
      observacoes: row.observacoes,
      marca: row.marca,
      modelo: row.modelo,
      numeroSerie: row.numeroSerie,
      customFields: (row.customFields ?? null) as Record<string, unknown> | null,
    },
    municipio,
    appUrl,
  );
}
