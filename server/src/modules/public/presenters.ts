import type { PatrimonioStatus, PublicPatrimonio } from '@tombo/shared';
import { patrimonios } from '../../db/schema';

/** Public fields only: never values, people or notes. */
export const publicColumns = {
  numero_patrimonio: patrimonios.numeroPatrimonio,
  descricao_bem: patrimonios.descricaoBem,
  tipo: patrimonios.tipoNome,
  setor_responsavel: patrimonios.setorNome,
  local_objeto: patrimonios.localNome,
  status: patrimonios.status,
  data_aquisicao: patrimonios.dataAquisicao,
};

interface PublicRow {
  numero_patrimonio: string;
  descricao_bem: string;
  tipo: string | null;
  setor_responsavel: string;
  local_objeto: string | null;
  status: string;
  data_aquisicao: string | null;
}

/** A public row → the API shape, with the municipality's name. */
export const presentPublic = (r: PublicRow, municipio: string): PublicPatrimonio => ({
  ...r,
  status: r.status as PatrimonioStatus,
  municipio,
});
