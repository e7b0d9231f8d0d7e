import { centavos, decimal, divArredonda, divTeto, max, min, percentual, type Centavos } from './dinheiro';

/**
 * Straight-line depreciation (quotas constantes) under NBC TSP 07 and the MCASP, with revaluation and
 * impairment: the monthly schedule of one asset, exact to the cent. The rules and their worked examples
 * are in docs/depreciation.md; the examples are the tests of this file.
 */

/** When depreciation starts: the month after entry into service (federal rule), the month of entry (e-Cidade), or pro rata by days. */
export type InicioDepreciacao = 'mes_seguinte' | 'mes_entrada' | 'pro_rata';
/**
 * 'recalculo': each month's amount recalculated on the remaining value and remaining months, rounded up to
 * the cent (SIADS). 'fixo': a fixed amount rounded to the cent, the last month adjusted so the total is exact.
 */
export type ArredondamentoDepreciacao = 'recalculo' | 'fixo';

export interface RegrasDepreciacao {
  inicio: InicioDepreciacao;
  arredondamento: ArredondamentoDepreciacao;
}
export const REGRAS_DEPRECIACAO_PADRAO: RegrasDepreciacao = { inicio: 'mes_seguinte', arredondamento: 'recalculo' };

export interface BemDepreciavel {
  /** "10000.00" */
  valorAquisicao: string;
  /** Residual value in % of the cost (10 = 10 %; two decimals at most). */
  residualPct: number;
  vidaUtilMeses: number;
  /** 'YYYY-MM-DD' */
  dataEntradaServico: string;
}

/** A change of value, effective at the end of `competencia` ('YYYY-MM'), after that month's amount. */
export type EventoValor =
  | {
      tipo: 'reavaliacao';
      competencia: string;
      /** The revalued (fair) value: the new gross value. */
      valor: string;
      /** The re-estimated remaining useful life. */
      vidaUtilRestanteMeses: number;
      /** The residual % of the new value (default: the asset's). */
      residualPct?: number;
    }
  | { tipo: 'reducao'; competencia: string; valorRecuperavel: string }
  | { tipo: 'reversao'; competencia: string };

export interface MesCronograma {
  competencia: string;
  quota: string;
  /** Accumulated depreciation since the last revaluation. */
  acumulada: string;
  valorContabil: string;
}

/** What an event did: the change of book value, to the revaluation reserve and to result (+ gain, − loss). */
export interface EfeitoEvento {
  competencia: string;
  tipo: EventoValor['tipo'];
  variacao: string;
  reserva: string;
  resultado: string;
  valorContabil: string;
}

export interface Cronograma {
  meses: MesCronograma[];
  efeitos: EfeitoEvento[];
  /** The revaluation reserve's balance at the end. */
  reservaReavaliacao: string;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
/** 'YYYY-MM' ↔ a month index (year × 12 + month − 1). */
export const mesIndice = (competencia: string) => {
  const [y, m] = competencia.split('-').map(Number);
  return y * 12 + m - 1;
};
export const competenciaDe = (indice: number) => `${Math.floor(indice / 12)}-${pad2((indice % 12) + 1)}`;
const diasNoMes = (indice: number) => new Date(Date.UTC(Math.floor(indice / 12), (indice % 12) + 1, 0)).getUTCDate();
/** 'YYYY-MM' → 'MM/AAAA', as a competência is written. */
export const competenciaBR = (competencia: string) => `${competencia.slice(5, 7)}/${competencia.slice(0, 4)}`;
/** 'YYYY-MM-DD' of the last day of a competência: the day its amount is booked. */
export const ultimoDia = (competencia: string) => `${competencia}-${pad2(diasNoMes(mesIndice(competencia)))}`;

const pctCentesimos = (pct: number) => BigInt(Math.round(pct * 100));

/** Months that carry depreciation, each with its weight (a full month = `denominador`). */
interface Pesos {
  meses: Map<number, bigint>;
  denominador: bigint;
}

function pesosIniciais(bem: BemDepreciavel, regras: RegrasDepreciacao): Pesos {
  const [y, m, d] = bem.dataEntradaServico.split('-').map(Number);
  const entrada = y * 12 + m - 1;
  const vida = bem.vidaUtilMeses;
  const meses = new Map<number, bigint>();
  if (regras.inicio === 'pro_rata') {
    const dim = diasNoMes(entrada);
    const dias = BigInt(dim - d + 1);
    const D = BigInt(dim);
    meses.set(entrada, dias);
    for (let i = 1; i < vida; i++) meses.set(entrada + i, D);
    if (D - dias > 0n) meses.set(entrada + vida, D - dias);
    return { meses, denominador: D };
  }
  const primeiro = regras.inicio === 'mes_seguinte' ? entrada + 1 : entrada;
  for (let i = 0; i < vida; i++) meses.set(primeiro + i, 1n);
  return { meses, denominador: 1n };
}

const restante = (p: Pesos, desde: number) => {
  let s = 0n;
  for (const [i, w] of p.meses) if (i >= desde) s += w;
  return s;
};

/**
 * The schedule of one asset: every month from its entry into service to the end of its (re-estimated)
 * life and up to `ate` ('YYYY-MM') when later, with the events applied at the end of their months.
 */
export function calcularCronograma(
  bem: BemDepreciavel,
  regras: RegrasDepreciacao = REGRAS_DEPRECIACAO_PADRAO,
  eventos: EventoValor[] = [],
  ate?: string,
): Cronograma {
  const entrada = mesIndice(bem.dataEntradaServico.slice(0, 7));
  let bruto = centavos(bem.valorAquisicao);
  let residual = percentual(bruto, pctCentesimos(bem.residualPct));
  let acumulada = 0n;
  let perdas = 0n;
  let reserva = 0n;
  let perdaReavaliacaoNoResultado = 0n;
  let pesos = pesosIniciais(bem, regras);
  // 'fixo': the amount per full month, set at the start and after every event.
  const fixar = (desde: number) =>
    divArredonda((bruto - acumulada - perdas - residual) * pesos.denominador, max(1n, restante(pesos, desde)));
  let fixa = fixar(entrada);
  const porMes = new Map<number, EventoValor[]>();
  for (const e of eventos) porMes.set(mesIndice(e.competencia), [...(porMes.get(mesIndice(e.competencia)) ?? []), e]);
  const ultimoPeso = () => Math.max(...pesos.meses.keys());
  const fim = () => Math.max(ultimoPeso(), ...[...porMes.keys()], ate ? mesIndice(ate) : -Infinity);

  const meses: MesCronograma[] = [];
  const efeitos: EfeitoEvento[] = [];
  const contabil = () => bruto - acumulada - perdas;
  for (let i = entrada; i <= fim(); i++) {
    const peso = pesos.meses.get(i) ?? 0n;
    let quota = 0n;
    const base = max(0n, contabil() - residual);
    if (peso > 0n && base > 0n) {
      if (regras.arredondamento === 'recalculo') quota = divTeto(base * peso, restante(pesos, i));
      else quota = i === ultimoPeso() ? base : divArredonda(fixa * peso, pesos.denominador);
      quota = min(quota, base);
    }
    acumulada += quota;
    meses.push({
      competencia: competenciaDe(i),
      quota: decimal(quota),
      acumulada: decimal(acumulada),
      valorContabil: decimal(contabil()),
    });
    for (const e of porMes.get(i) ?? []) {
      const antes = contabil();
      let paraReserva = 0n;
      let paraResultado = 0n;
      if (e.tipo === 'reavaliacao') {
        const valor = centavos(e.valor);
        const delta = valor - antes;
        if (delta >= 0n) {
          const reverte = min(delta, perdaReavaliacaoNoResultado);
          perdaReavaliacaoNoResultado -= reverte;
          paraResultado = reverte;
          paraReserva = delta - reverte;
        } else {
          const daReserva = min(-delta, reserva);
          paraReserva = -daReserva;
          paraResultado = delta + daReserva;
          perdaReavaliacaoNoResultado += -paraResultado;
        }
        reserva += paraReserva;
        // The accumulated depreciation (and any impairment) is eliminated against the gross value.
        bruto = valor;
        acumulada = 0n;
        perdas = 0n;
        residual = percentual(valor, pctCentesimos(e.residualPct ?? bem.residualPct));
        pesos = {
          meses: new Map(Array.from({ length: e.vidaUtilRestanteMeses }, (_, k) => [i + 1 + k, 1n])),
          denominador: 1n,
        };
      } else if (e.tipo === 'reducao') {
        const perda = antes - centavos(e.valorRecuperavel);
        if (perda <= 0n) throw new Error('O valor recuperável deve ser menor que o valor contábil.');
        perdas += perda;
        paraResultado = -perda;
      } else {
        // Capped at the book value the asset would have had without any impairment.
        const semReducao = calcularCronograma(
          bem,
          regras,
          eventos.filter((x) => x.tipo === 'reavaliacao'),
          competenciaDe(i),
        ).meses.find((m) => m.competencia === competenciaDe(i))!;
        const reverte = min(perdas, max(0n, centavos(semReducao.valorContabil) - antes));
        perdas -= reverte;
        paraResultado = reverte;
      }
      fixa = fixar(i + 1);
      efeitos.push({
        competencia: e.competencia,
        tipo: e.tipo,
        variacao: decimal(contabil() - antes),
        reserva: decimal(paraReserva),
        resultado: decimal(paraResultado),
        valorContabil: decimal(contabil()),
      });
      meses[meses.length - 1] = {
        ...meses[meses.length - 1],
        acumulada: decimal(acumulada),
        valorContabil: decimal(contabil()),
      };
    }
  }
  return { meses, efeitos, reservaReavaliacao: decimal(reserva) };
}

/**
 * The book value on a date ('YYYY-MM-DD'): a month's amount is booked on its last day, so the value
 * follows the last competência ended on or before the date (the cost before the first one).
 */
export function valorContabilEm(bem: BemDepreciavel, cronograma: Cronograma, data: string): string {
  let valor = decimal(centavos(bem.valorAquisicao));
  for (const m of cronograma.meses) {
    if (ultimoDia(m.competencia) > data) break;
    valor = m.valorContabil;
  }
  return valor;
}

/** The depreciation booked in each year: { '2024': '675.00', … }. */
export function quotasPorAno(cronograma: Cronograma): Record<string, string> {
  const anos: Record<string, Centavos> = {};
  for (const m of cronograma.meses) {
    const ano = m.competencia.slice(0, 4);
    anos[ano] = (anos[ano] ?? 0n) + centavos(m.quota);
  }
  return Object.fromEntries(Object.entries(anos).map(([a, c]) => [a, decimal(c)]));
}
