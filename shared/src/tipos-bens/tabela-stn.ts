/**
 * The federal table of useful lives and residual values of movable assets (STN, Manual SIAFI,
 * Macrofunção 02.03.30 — depreciação, amortização e exaustão), used as the asset types of a new
 * municipality (docs/depreciation.md). Each municipality may change its own copy afterwards.
 */
export interface TipoBemPadrao {
  name: string;
  /** Useful life in years (null: not depreciated). */
  anos: number | null;
  /** Residual value in % of the cost ("10.00"; null: not depreciated). */
  residualPct: string | null;
  depreciavel: boolean;
}

const t = (name: string, anos: number, residualPct: number): TipoBemPadrao => ({
  name,
  anos,
  residualPct: residualPct.toFixed(2),
  depreciavel: true,
});
const naoDepreciavel = (name: string): TipoBemPadrao => ({ name, anos: null, residualPct: null, depreciavel: false });

/** The table, by name. */
export const TABELA_STN_TIPOS_BENS: readonly TipoBemPadrao[] = [
  t('Acessórios para automóveis', 5, 10),
  t('Aparelhos de medição e orientação', 15, 10),
  t('Aparelhos e equipamentos de comunicação', 10, 20),
  t('Aparelhos e equipamentos para esportes e diversões', 10, 10),
  t('Aparelhos e utensílios domésticos', 10, 10),
  t('Aparelhos, equipamentos e utensílios médicos, odontológicos, laboratoriais e hospitalares', 15, 20),
  t('Coleções e materiais bibliográficos', 10, 0),
  t('Discotecas e filmotecas', 5, 10),
  t('Embarcações', 20, 10),
  t('Equipamentos de manobra e patrulhamento', 20, 10),
  t('Equipamentos de processamento de dados', 5, 10),
  t('Equipamentos de proteção, segurança e socorro', 10, 10),
  t('Equipamentos e utensílios hidráulicos e elétricos', 10, 10),
  t('Instrumentos musicais e artísticos', 20, 10),
  t('Máquinas e equipamentos de natureza industrial', 10, 10),
  t('Máquinas e equipamentos energéticos', 10, 10),
  t('Máquinas e equipamentos gráficos', 10, 10),
  t('Máquinas, ferramentas e utensílios de oficina', 10, 10),
  t('Máquinas, instalações e utensílios de escritório', 10, 10),
  t('Máquinas e utensílios agropecuários e rodoviários', 10, 10),
  t('Mobiliário em geral', 10, 10),
  naoDepreciavel('Obras de arte e peças para museu'),
  naoDepreciavel('Terrenos'),
  t('Utensílios de copa e cozinha', 10, 10),
  t('Veículos de tração mecânica', 15, 10),
  t('Veículos diversos', 15, 10),
];
