import { BUSCA_GROUP_LABELS, type BuscaGroup, type BuscaItem, type BuscaKind } from '@tombo/shared';
import type { AssetHit, NamedHit } from './queries';

/** A group of the answer; `more` = the query found more than `limit` rows (only assets say so). */
export function presentGroup(kind: BuscaKind, items: BuscaItem[], moreHref: string | null = null): BuscaGroup {
  return { kind, label: BUSCA_GROUP_LABELS[kind], items, moreHref };
}

/** An asset → its item: number and description, sector and location below; opens its page. */
export const assetItem = (r: AssetHit): BuscaItem => ({
  id: String(r.id),
  label: `${r.numero} — ${r.descricao}`,
  sublabel: [r.setor, r.local].filter(Boolean).join(' · ') || null,
  href: `/bens-cadastrados/ver/${r.id}`,
});

/** A sector → the assets list filtered by it. */
export const sectorItem = (r: NamedHit): BuscaItem => ({
  id: String(r.id),
  label: r.name,
  sublabel: r.extra ? `Código ${r.extra}` : null,
  href: `/bens-cadastrados?sectorId=${r.id}`,
});

/** A location → the assets list filtered by it. */
export const localItem = (r: NamedHit): BuscaItem => ({
  id: String(r.id),
  label: r.name,
  sublabel: r.extra,
  href: `/bens-cadastrados?localId=${r.id}`,
});

/** A user → the user management screen. */
export const userItem = (r: NamedHit): BuscaItem => ({
  id: String(r.id),
  label: r.name,
  sublabel: r.extra,
  href: `/configuracoes/usuarios`,
});
