export { competenciaBR } from '@tombo/shared';

/** 'MM/AAAA' as typed → 'YYYY-MM'; null when it is not a month. */
export function parseCompetenciaBR(text: string): string | null {
  const m = /^(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m || +m[1] < 1 || +m[1] > 12) return null;
  return `${m[2]}-${m[1]}`;
}

/** Types '032025' as '03/2025' while the person writes. */
export function maskCompetenciaBR(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 6);
  return d.length <= 2 ? d : `${d.slice(0, 2)}/${d.slice(2)}`;
}

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 120 → '120 meses (10 anos)'. */
export function vidaUtilTexto(meses: number): string {
  const anos = meses / 12;
  const extra = Number.isInteger(anos) ? ` (${plural(anos, 'ano', 'anos')})` : '';
  return `${plural(meses, 'mês', 'meses')}${extra}`;
}
