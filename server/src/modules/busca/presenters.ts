import {
  BUSCA_COUNT_CAP,
  BUSCA_GROUP_LABELS,
  ROLE_LABELS,
  type BuscaGroup,
  type BuscaItem,
  type BuscaKind,
  type Role,
} from '@tombo/shared';
import type { SearchRow } from './queries';

/** A group of the answer; `moreHref` where the full list of matches is (assets only). */
export function presentGroup(
  kind: BuscaKind,
  items: BuscaItem[],
  moreHref: string | null = null,
  counted: number = items.length,
): BuscaGroup {
  const total = Math.max(counted, items.length);
  return {
    kind,
    label: BUSCA_GROUP_LABELS[kind],
    items,
    moreHref,
    total: Math.min(total, BUSCA_COUNT_CAP),
    totalIsCapped: total > BUSCA_COUNT_CAP,
  };
}

/** An asset → number and description, sector and location below; opens its page. */
export const assetItem = (r: SearchRow): BuscaItem => ({
  id: String(r.id),
  label: `${r.label} — ${r.a}`,
  sublabel: r.b || null,
  href: `/bens-cadastrados/ver/${r.id}`,
});

/** A sector → the assets list filtered by it. */
export const sectorItem = (r: SearchRow): BuscaItem => ({
  id: String(r.id),
  label: r.label,
  sublabel: r.a ? `Código ${r.a}` : null,
  href: `/bens-cadastrados?sectorId=${r.id}`,
});

/** A location → the assets list filtered by it. */
export const localItem = (r: SearchRow): BuscaItem => ({
  id: String(r.id),
  label: r.label,
  sublabel: r.a,
  href: `/bens-cadastrados?localId=${r.id}`,
});

/** A user → the user management screen. */
export const userItem = (r: SearchRow): BuscaItem => ({
  id: String(r.id),
  label: r.label,
  sublabel: `${r.a} · ${ROLE_LABELS[r.b as Role] ?? r.b}`,
  href: `/configuracoes/usuarios`,
});

/** A property → number and denominação, address below; opens its page. */
export const imovelItem = (r: SearchRow): BuscaItem => ({
  id: String(r.id),
  label: `${r.label} — ${r.a}`,
  sublabel: r.b || null,
  href: `/imoveis/ver/${r.id}`,
});
