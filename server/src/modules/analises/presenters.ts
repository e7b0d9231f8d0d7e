import {
  ANALISE_MSG,
  type AnaliseGranularidade,
  type AnaliseGrupo,
  type AnaliseGrupoResponse,
  type AnalisePeriodo,
  type AnaliseTemporalResponse,
} from '@tombo/shared';

/** A row of the grouped statement. */
export interface GrupoRow {
  id: number | null;
  nome: string | null;
  bens: number;
  valorAquisicao: string;
  valorContabil: string;
}
/** A period's count and value of one series. */
export interface PeriodoRow {
  periodo: string;
  n: number;
  valor: string;
}

const cents = (v: string) => BigInt(v.replace('.', ''));
const share = (part: bigint | number, whole: bigint | number) =>
  Number(whole) === 0 ? 0 : Math.round((Number(part) / Number(whole)) * 10_000) / 100;
const money = (c: bigint) => {
  const s = (c < 0n ? -c : c).toString().padStart(3, '0');
  return `${c < 0n ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`;
};

/** Grouped rows → the analysis: groups by acquisition value (largest first), each with its share of the total. */
export function presentGrupos(rows: GrupoRow[], competencia: string | null): AnaliseGrupoResponse {
  const t = { bens: 0, va: 0n, vc: 0n };
  for (const r of rows) {
    t.bens += r.bens;
    t.va += cents(r.valorAquisicao);
    t.vc += cents(r.valorContabil);
  }
  const totalValor = t.va;
  const grupos: AnaliseGrupo[] = rows
    .map((r) => ({
      id: r.id,
      nome: r.nome ?? ANALISE_MSG.semTipo,
      bens: r.bens,
      valorAquisicao: r.valorAquisicao,
      valorContabil: r.valorContabil,
      percentualBens: share(r.bens, t.bens),
      percentualValor: share(cents(r.valorAquisicao), totalValor),
    }))
    .sort(
      (a, b) =>
        Number(cents(b.valorAquisicao) - cents(a.valorAquisicao)) || b.bens - a.bens || a.nome.localeCompare(b.nome),
    );
  return {
    grupos,
    total: { bens: t.bens, valorAquisicao: money(t.va), valorContabil: money(t.vc) },
    competencia,
  };
}

/** Every month ('YYYY-MM') or year ('YYYY') from `de` to `ate`, with its first and last day clipped to them. */
function periodos(
  g: AnaliseGranularidade,
  de: string,
  ate: string,
): Array<{ periodo: string; de: string; ate: string }> {
  const out: Array<{ periodo: string; de: string; ate: string }> = [];
  let y = Number(de.slice(0, 4));
  let m = g === 'ano' ? 1 : Number(de.slice(5, 7));
  const endY = Number(ate.slice(0, 4));
  const endM = g === 'ano' ? 12 : Number(ate.slice(5, 7));
  while (y < endY || (y === endY && m <= endM)) {
    const first = g === 'ano' ? `${y}-01-01` : `${y}-${String(m).padStart(2, '0')}-01`;
    const last = g === 'ano' ? `${y}-12-31` : new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10); // day 0 of the next month
    out.push({
      periodo: g === 'ano' ? String(y) : first.slice(0, 7),
      de: first < de ? de : first,
      ate: last > ate ? ate : last,
    });
    if (g === 'ano') y++;
    else if (++m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

/** The three series → one row per period (empty periods included) and the totals. */
export function presentTemporal(
  granularidade: AnaliseGranularidade,
  dataDe: string,
  dataAte: string,
  s: { aquisicoes: PeriodoRow[]; baixas: PeriodoRow[]; perdas: PeriodoRow[] },
): AnaliseTemporalResponse {
  const by = (rows: PeriodoRow[]) => new Map(rows.map((r) => [r.periodo, r]));
  const [a, b, p] = [by(s.aquisicoes), by(s.baixas), by(s.perdas)];
  const sum = { aquisicoes: 0, baixas: 0, perdas: 0, va: 0n, vb: 0n, vp: 0n };
  const list: AnalisePeriodo[] = periodos(granularidade, dataDe, dataAte).map((x) => {
    const [ra, rb, rp] = [a.get(x.periodo), b.get(x.periodo), p.get(x.periodo)];
    sum.aquisicoes += ra?.n ?? 0;
    sum.baixas += rb?.n ?? 0;
    sum.perdas += rp?.n ?? 0;
    sum.va += cents(ra?.valor ?? '0.00');
    sum.vb += cents(rb?.valor ?? '0.00');
    sum.vp += cents(rp?.valor ?? '0.00');
    return {
      ...x,
      aquisicoes: ra?.n ?? 0,
      valorAquisicoes: ra?.valor ?? '0.00',
      baixas: rb?.n ?? 0,
      valorBaixas: rb?.valor ?? '0.00',
      perdas: rp?.n ?? 0,
      valorPerdas: rp?.valor ?? '0.00',
    };
  });
  return {
    granularidade,
    dataDe,
    dataAte,
    periodos: list,
    total: {
      aquisicoes: sum.aquisicoes,
      valorAquisicoes: money(sum.va),
      baixas: sum.baixas,
      valorBaixas: money(sum.vb),
      perdas: sum.perdas,
      valorPerdas: money(sum.vp),
    },
  };
}
