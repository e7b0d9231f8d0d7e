import { describe, expect, it } from 'vitest';
import { calcularCronograma, quotasPorAno, valorContabilEm, type BemDepreciavel } from './cronograma';

// The worked examples of issue 14 (docs/depreciation.md): cost R$ 10.000,00, residual 10 %, 10 years,
// in service 15/03/2024, default rules (month after entry; recalculated, rounded up to the cent).
const bem: BemDepreciavel = {
  valorAquisicao: '10000.00',
  residualPct: 10,
  vidaUtilMeses: 120,
  dataEntradaServico: '2024-03-15',
};
/** The row of the n-th month of depreciation (April 2024 = 1). */
const mes = (c: ReturnType<typeof calcularCronograma>, n: number) =>
  c.meses.find((m) => m.competencia === competencia(n))!;
const competencia = (n: number) => {
  const i = 2024 * 12 + 3 + (n - 1);
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
};

describe('straight line, default rules', () => {
  const c = calcularCronograma(bem);
  it('R$ 75,00 a month from April 2024, nothing in March', () => {
    expect(c.meses[0]).toMatchObject({ competencia: '2024-03', quota: '0.00', valorContabil: '10000.00' });
    expect(mes(c, 1)).toMatchObject({ competencia: '2024-04', quota: '75.00', valorContabil: '9925.00' });
    for (let n = 1; n <= 120; n++) expect(mes(c, n).quota, competencia(n)).toBe('75.00');
  });
  it('book value after 12, 60 and 120 months; never below the residual', () => {
    expect(mes(c, 12).valorContabil).toBe('9100.00');
    expect(mes(c, 60).valorContabil).toBe('5500.00');
    expect(mes(c, 120).valorContabil).toBe('1000.00');
    const later = calcularCronograma(bem, undefined, [], '2036-01');
    expect(later.meses.at(-1)).toMatchObject({ competencia: '2036-01', quota: '0.00', valorContabil: '1000.00' });
  });
  it('R$ 675,00 booked in 2024; the value on any date', () => {
    expect(quotasPorAno(c)['2024']).toBe('675.00');
    expect(valorContabilEm(bem, c, '2024-03-20')).toBe('10000.00');
    expect(valorContabilEm(bem, c, '2024-04-29')).toBe('10000.00');
    expect(valorContabilEm(bem, c, '2024-04-30')).toBe('9925.00');
    expect(valorContabilEm(bem, c, '2040-01-01')).toBe('1000.00');
  });
});

describe('revaluation and impairment', () => {
  it('revalued to R$ 7.000,00 at month 60 with 60 months left: R$ 105,00 a month; the increase to the reserve', () => {
    const c = calcularCronograma(bem, undefined, [
      { tipo: 'reavaliacao', competencia: competencia(60), valor: '7000.00', vidaUtilRestanteMeses: 60 },
    ]);
    expect(mes(c, 60)).toMatchObject({ quota: '75.00', acumulada: '0.00', valorContabil: '7000.00' });
    expect(mes(c, 61)).toMatchObject({ quota: '105.00', valorContabil: '6895.00' });
    expect(mes(c, 120)).toMatchObject({ quota: '105.00', valorContabil: '700.00' });
    expect(c.efeitos[0]).toMatchObject({ variacao: '1500.00', reserva: '1500.00', resultado: '0.00' });
    expect(c.reservaReavaliacao).toBe('1500.00');
  });
  it('a decrease goes against the reserve up to its balance, the rest to result; a later increase reverses it first', () => {
    const c = calcularCronograma(bem, undefined, [
      { tipo: 'reavaliacao', competencia: competencia(12), valor: '9600.00', vidaUtilRestanteMeses: 108 },
      { tipo: 'reavaliacao', competencia: competencia(24), valor: '7000.00', vidaUtilRestanteMeses: 96 },
      { tipo: 'reavaliacao', competencia: competencia(36), valor: '8000.00', vidaUtilRestanteMeses: 84 },
    ]);
    expect(c.efeitos[0]).toMatchObject({ variacao: '500.00', reserva: '500.00', resultado: '0.00' });
    // Book before the 2nd: 9600 − 12 × 80 = 8640 → 7000: 500 from the reserve, 1140 to result.
    expect(c.efeitos[1]).toMatchObject({ variacao: '-1640.00', reserva: '-500.00', resultado: '-1140.00' });
    // Book before the 3rd: 7000 − 12 × 65.63 (rounded up, recalculated) ≈ 6212.5: the increase reverses the 1140 first.
    const third = c.efeitos[2];
    expect(third.resultado).toBe('1140.00');
    expect(Number(third.reserva)).toBeCloseTo(Number(third.variacao) - 1140, 2);
  });
  it('impairment to R$ 4.400,00 at month 40: loss R$ 2.600,00, then R$ 42,50; reversed at month 60: R$ 5.500,00 and R$ 75,00', () => {
    const c = calcularCronograma(bem, undefined, [
      { tipo: 'reducao', competencia: competencia(40), valorRecuperavel: '4400.00' },
      { tipo: 'reversao', competencia: competencia(60) },
    ]);
    expect(mes(c, 40).valorContabil).toBe('4400.00');
    expect(c.efeitos[0]).toMatchObject({ resultado: '-2600.00', valorContabil: '4400.00' });
    for (let n = 41; n <= 60; n++) expect(mes(c, n).quota, competencia(n)).toBe('42.50');
    expect(c.efeitos[1]).toMatchObject({ resultado: '1950.00', valorContabil: '5500.00' });
    expect(mes(c, 60).valorContabil).toBe('5500.00');
    expect(mes(c, 61).quota).toBe('75.00');
    expect(mes(c, 120).valorContabil).toBe('1000.00');
  });
  it('an impairment not below the book value is refused', () => {
    expect(() =>
      calcularCronograma(bem, undefined, [
        { tipo: 'reducao', competencia: competencia(1), valorRecuperavel: '9925.00' },
      ]),
    ).toThrow();
  });
});

describe('the other rules', () => {
  it('month of entry: R$ 75,00 from March 2024, done in February 2034', () => {
    const c = calcularCronograma(bem, { inicio: 'mes_entrada', arredondamento: 'recalculo' });
    expect(c.meses[0]).toMatchObject({ competencia: '2024-03', quota: '75.00' });
    expect(c.meses.find((m) => m.competencia === '2034-02')!.valorContabil).toBe('1000.00');
    expect(quotasPorAno(c)['2024']).toBe('750.00');
  });
  it('pro rata by days: 17 of 31 days in March, the rest in March 2034; the total is exact', () => {
    const c = calcularCronograma(bem, { inicio: 'pro_rata', arredondamento: 'recalculo' });
    expect(c.meses[0]).toMatchObject({ competencia: '2024-03', quota: '41.13' }); // ⌈75 × 17/31⌉
    expect(c.meses.at(-1)!.competencia).toBe('2034-03');
    expect(c.meses.at(-1)!.valorContabil).toBe('1000.00');
  });
  it('fixed amount, last month adjusted: R$ 9.000,00 over 7 years', () => {
    const c = calcularCronograma({ ...bem, vidaUtilMeses: 84 }, { inicio: 'mes_seguinte', arredondamento: 'fixo' });
    const quotas = c.meses.filter((m) => m.quota !== '0.00');
    expect(quotas).toHaveLength(84);
    expect(quotas[0].quota).toBe('107.14'); // 9000 / 84 = 107.142…
    expect(quotas.at(-1)!.quota).toBe('107.38'); // 9000 − 83 × 107.14
    expect(quotas.at(-1)!.valorContabil).toBe('1000.00');
  });
  it('recalculated and rounded up: the same 7 years end exact without a last-month adjustment', () => {
    const c = calcularCronograma({ ...bem, vidaUtilMeses: 84 });
    const quotas = c.meses.filter((m) => m.quota !== '0.00');
    expect(quotas[0].quota).toBe('107.15');
    expect(quotas.at(-1)!.valorContabil).toBe('1000.00');
    expect(quotas.length).toBeLessThanOrEqual(84);
  });
});
