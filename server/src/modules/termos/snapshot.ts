import { and, asc, eq, ne } from 'drizzle-orm';
import { ESTADO_CONSERVACAO_LABELS, type EstadoConservacao, type TermoItem } from '@tombo/shared';
import type { Db } from '../../db/client';
import { patrimonios } from '../../db/schema';
import { ofTenant, type TenantScope } from '../../tenancy/scope';

/** Custom fields printed as "marca / modelo / série" (municipalities name them freely: matched by key). */
const BRAND_KEYS = [/marca/i, /modelo/i, /s[eé]rie/i];

function marcaModeloSerie(custom: Record<string, unknown> | null): string | null {
  if (!custom) return null;
  const parts: string[] = [];
  for (const re of BRAND_KEYS) {
    const hit = Object.entries(custom).find(([k, v]) => re.test(k) && v != null && v !== '');
    if (hit) parts.push(String(hit[1]));
  }
  return parts.length ? parts.join(' / ') : null;
}

/**
 * The assets a holder keeps now — the sector's (or one of its locations') assets not written off — as
 * the lines of a term version, with their total. Read with the municipality's whole scope: a term lists
 * every asset of its sector, whoever's action recorded the version.
 */
export async function termoSnapshot(
  tx: Db,
  scope: TenantScope,
  sectorId: number,
  localId: number | null,
): Promise<{ itens: TermoItem[]; total: string }> {
  const rows = await tx
    .select({
      numero: patrimonios.numeroPatrimonio,
      descricao: patrimonios.descricaoBem,
      local: patrimonios.localNome,
      estado: patrimonios.estadoConservacao,
      valor: patrimonios.valorAquisicao,
      custom: patrimonios.customFields,
    })
    .from(patrimonios)
    .where(
      and(
        ofTenant(patrimonios, scope),
        eq(patrimonios.sectorId, sectorId),
        localId != null ? eq(patrimonios.localId, localId) : undefined,
        ne(patrimonios.status, 'baixado'),
      ),
    )
    .orderBy(asc(patrimonios.numeroPatrimonio));
  // Sum in cents (integers) so the total is exact: numeric(14,2) arrives as "1234.50".
  let cents = 0n;
  const toCents = (v: string) => {
    const [i, d = ''] = v.split('.');
    return BigInt(i) * 100n + BigInt(`${d}00`.slice(0, 2));
  };
  const itens = rows.map((r): TermoItem => {
    cents += toCents(r.valor);
    return {
      numero: r.numero,
      descricao: r.descricao,
      marcaModeloSerie: marcaModeloSerie(r.custom as Record<string, unknown> | null),
      local: r.local,
      estado: r.estado ? (ESTADO_CONSERVACAO_LABELS[r.estado as EstadoConservacao] ?? r.estado) : null,
      valor: r.valor,
    };
  });
  const total = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  return { itens, total };
}
