/**
 * The 'Primeiros passos' checklist of a new municipality's admin dashboard: each step ticks itself from the
 * data (GET /api/dashboard/primeiros-passos), in the order a city hall sets itself up.
 */
export const PRIMEIROS_PASSOS = [
  {
    key: 'setores',
    label: 'Cadastre os setores',
    hint: 'As secretarias e departamentos que guardam os bens.',
    to: '/configuracoes/setores',
  },
  { key: 'locais', label: 'Cadastre os locais', hint: 'Salas, prédios e endereços de cada setor.', to: '/locais' },
  {
    key: 'tipos',
    label: 'Defina os tipos de bens',
    hint: 'Móveis, equipamentos, veículos… com a vida útil de cada um.',
    to: '/configuracoes/tipos',
  },
  {
    key: 'numeracao',
    label: 'Confira a numeração dos bens',
    hint: 'Salve o padrão de numeração uma vez, mesmo que o padrão sugerido sirva.',
    to: '/configuracoes/numeracao-bens',
  },
  {
    key: 'bens',
    label: 'Importe ou cadastre os bens',
    hint: 'Traga o cadastro do sistema anterior (CSV ou planilha) ou cadastre o primeiro bem.',
    to: '/bens-cadastrados/importar',
  },
  {
    key: 'usuarios',
    label: 'Cadastre os colegas',
    hint: 'Quem vai cadastrar, aprovar e conferir os bens.',
    to: '/configuracoes/usuarios',
  },
  {
    key: 'etiquetas',
    label: 'Imprima as etiquetas',
    hint: 'Etiquetas com QR Code para identificar cada bem.',
    to: '/gerar-etiquetas',
  },
] as const;

export type PrimeiroPassoKey = (typeof PRIMEIROS_PASSOS)[number]['key'];

/** Which steps are done, in the order of PRIMEIROS_PASSOS. */
export interface PrimeirosPassos {
  passos: Array<{ key: PrimeiroPassoKey; feito: boolean }>;
}
