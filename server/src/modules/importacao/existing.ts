import {
  IMPORTACAO_FIELD_LABELS as LABEL,
  IMPORTACAO_MSG,
  PATRIMONIO_MSG,
  type ImportacaoMapping,
} from '@tombo/shared';
import { foldHeader as fold, type ImportRow } from '../../spreadsheet/import';
import { inScope, type TenantScope } from '../../tenancy/scope';
import type { Catalogs } from '../patrimonios';
import type { ParsedRow } from './rows';

/**
 * The row check of an importer who may not create catalog rows (importer.ts): each row's sector
 * (by name or code), place, type and form must already exist, and the sector be one the importer
 * sees; any other value is an error of that row (pt-BR, as the asset sheet said it), never created.
 */
export function existingValuesOnly(
  catalogs: Catalogs,
  scope: Pick<TenantScope, 'sectorIds'>,
  mapping: ImportacaoMapping,
): (row: ParsedRow, at: ImportRow) => boolean {
  const sectorBy = new Map<string, Catalogs['sectors'][number]>();
  for (const s of catalogs.sectors) sectorBy.set(fold(s.code), s);
  for (const s of catalogs.sectors) sectorBy.set(fold(s.name), s);
  const localBy = new Set(catalogs.locais.map((l) => `${l.sectorId}:${fold(l.name)}`));
  const tipoBy = new Set(catalogs.tipos.map((t) => fold(t.name)));
  const formaBy = new Set(catalogs.formas.map((f) => fold(f.name)));
  return (row, at) => {
    let ok = true;
    const err = (field: string, message: string) => {
      ok = false;
      at.error(field, message);
    };
    const sector = sectorBy.get(fold(row.setor));
    if (!sector) err(LABEL.setor, IMPORTACAO_MSG.unknownSetor(row.setor));
    else if (!inScope(scope, sector.id)) err(LABEL.setor, PATRIMONIO_MSG.notYourSector);
    if (sector && mapping.local != null && row.local && !localBy.has(`${sector.id}:${fold(row.local)}`))
      err(LABEL.local, IMPORTACAO_MSG.unknownLocal(row.local, sector.name));
    if (mapping.tipo != null && row.tipo && !tipoBy.has(fold(row.tipo)))
      err(LABEL.tipo, IMPORTACAO_MSG.unknownTipo(row.tipo));
    if (mapping.forma != null && row.forma && !formaBy.has(fold(row.forma)))
      err(LABEL.forma, IMPORTACAO_MSG.unknownForma(row.forma));
    return ok;
  };
}
