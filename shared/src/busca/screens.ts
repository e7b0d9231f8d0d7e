import type { Role } from '../roles';
import { MAIN_ROUTES } from '../routes';
import type { BuscaItem } from './schemas';

/** Folds text for matching: no accents, lower case (the same as immutable_unaccent(lower(x)) on the server). */
export const foldText = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The words of a search text, folded. */
export const searchWords = (q: string) => foldText(q).split(/\s+/).filter(Boolean);

/** The screens of the route table (spec §2.3) a role may open whose title or path has every word of `q`. */
export function matchScreens(role: Role, q: string, limit: number): BuscaItem[] {
  const words = searchWords(q);
  const seen = new Set<string>();
  const out: BuscaItem[] = [];
  for (const r of MAIN_ROUTES) {
    if (r.path.includes(':') || !(r.roles as readonly string[]).includes(role) || seen.has(r.title)) continue;
    seen.add(r.title); // '/' and '/dashboard' are the same screen
    const hay = `${foldText(r.title)} ${r.path}`;
    if (!words.every((w) => hay.includes(w))) continue;
    out.push({ id: r.path, label: r.title, sublabel: r.path, href: r.path });
    if (out.length >= limit) break;
  }
  return out;
}
