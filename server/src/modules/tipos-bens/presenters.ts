import type { TipoBem } from '@tombo/shared';
import type { tiposBens } from '../../db/schema';
import { presentMapeamento } from '../contabilidade';

export type TipoBemRow = typeof tiposBens.$inferSelect;

/** Row → API shape of an asset type (the residual value as a 2-decimal string). */
export const presentTipoBem = (r: TipoBemRow): TipoBem => ({
  id: r.id,
  name: r.name,
  active: r.active,
  usefulLifeMonths: r.usefulLifeMonths,
  residualValuePct: r.residualValuePct == null ? null : Number(r.residualValuePct).toFixed(2),
  depreciavel: r.depreciable,
  contas: presentMapeamento(r),
  municipalityId: r.municipalityId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  version: r.version,
});

/** What the audit row keeps of an asset type. */
export const tipoBemSnapshot = (r: TipoBemRow) => ({
  name: r.name,
  active: r.active,
  usefulLifeMonths: r.usefulLifeMonths,
  residualValuePct: r.residualValuePct,
  depreciavel: r.depreciable,
  contas: presentMapeamento(r),
});
