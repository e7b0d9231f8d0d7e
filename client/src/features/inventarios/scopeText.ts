import { INVENTARIO_SCOPE_LABELS, type InventarioListItem } from '@tombo/shared';

/** The scope in words: 'Setor inteiro', 'Tipo de local: sala', 'Local específico: Almoxarifado'. */
export function scopeText(inv: Pick<InventarioListItem, 'scope' | 'locationType' | 'local'>): string {
  if (inv.scope === 'location') return `${INVENTARIO_SCOPE_LABELS.location}: ${inv.locationType ?? ''}`;
  if (inv.scope === 'specific_location') return `${INVENTARIO_SCOPE_LABELS.specific_location}: ${inv.local ?? ''}`;
  return INVENTARIO_SCOPE_LABELS.sector;
}
