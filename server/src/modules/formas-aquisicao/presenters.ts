import type { FormaAquisicao } from '@tombo/shared';
import type { formasAquisicao } from '../../db/schema';

export type FormaAquisicaoRow = typeof formasAquisicao.$inferSelect;

/** Row → API shape of an acquisition form. */
export const presentFormaAquisicao = (r: FormaAquisicaoRow): FormaAquisicao => ({
  id: r.id,
  nome: r.name,
  ativo: r.active,
  municipalityId: r.municipalityId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});
