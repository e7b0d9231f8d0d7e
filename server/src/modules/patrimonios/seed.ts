import { eq } from 'drizzle-orm';
import { HISTORICO_ACTIONS, type EstadoConservacao, type PatrimonioStatus } from '@tombo/shared';
import type { Db } from '../../db/client';
import { formasAquisicao, locais, patrimonioHistorico, patrimonios, sectors, tiposBens } from '../../db/schema';
import { allocateNumbers, getPattern } from '../numbering';
import { scopeOfMunicipality } from '../../tenancy/scope';

const TIPOS: Array<[string, number, string]> = [
  ['Mobiliário', 120, '10.00'],
  ['Equipamentos de Informática', 60, '10.00'],
  ['Veículos', 60, '20.00'],
  ['Máquinas e Equipamentos', 120, '10.00'],
  ['Eletrodomésticos', 120, '10.00'],
  ['Equipamentos Médico-Hospitalares', 120, '10.00'],
];
const FORMAS = ['Compra', 'Doação', 'Transferência', 'Cessão', 'Permuta', 'Comodato'];

/**
 * Demo catalogues of one municipality (asset types with useful life and residual value, acquisition
 * forms). Idempotent (ON CONFLICT DO NOTHING on the name indexes); call inside seedDemo's
 * transaction for each municipality, e.g. `await seedCatalogs(tx, exemplo.id)`.
 */
export async function seedCatalogs(tx: Db, municipalityId: number): Promise<void> {
  await tx
    .insert(tiposBens)
    .values(
      TIPOS.map(([name, usefulLifeMonths, residualValuePct]) => ({
        municipalityId,
        name,
        usefulLifeMonths,
        residualValuePct,
      })),
    )
    .onConflictDoNothing();
  // What is never depreciated (NBC TSP 07): works of art (docs/depreciation.md).
  await tx
    .insert(tiposBens)
    .values({ municipalityId, name: 'Obras de Arte e Peças para Museu', depreciable: false })
    .onConflictDoNothing();
  await tx
    .insert(formasAquisicao)
    .values(FORMAS.map((name) => ({ municipalityId, name })))
    .onConflictDoNothing();
}

type DemoAsset = [
  sectorCode: string,
  descricao: string,
  tipo: string,
  forma: string,
  valor: string,
  data: string,
  status: PatrimonioStatus,
  estado: EstadoConservacao,
];

/** A small, believable register for the demo municipalities (only with the demo seed). */
const DEMO_ASSETS: Record<string, DemoAsset[]> = {
  exemplo: [
    ['AD', 'Armário de aço com 2 portas', 'Mobiliário', 'Compra', '1289.90', '2019-03-12', 'em_uso', 'bom'],
    ['AD', 'Mesa de escritório em L', 'Mobiliário', 'Compra', '1540.00', '2021-08-02', 'em_uso', 'bom'],
    ['AD', 'Cadeira fixa estofada', 'Mobiliário', 'Compra', '389.00', '2021-08-02', 'ativo', 'bom'],
    ['AD', 'Arquivo de aço com 4 gavetas', 'Mobiliário', 'Doação', '870.00', '2016-05-20', 'ocioso', 'regular'],
    [
      'AD',
      'Ar-condicionado split 12.000 BTUs',
      'Eletrodomésticos',
      'Compra',
      '2699.00',
      '2022-11-28',
      'em_uso',
      'novo',
    ],
    [
      'AD',
      'Fragmentadora de papel',
      'Máquinas e Equipamentos',
      'Compra',
      '1150.00',
      '2018-02-14',
      'em_manutencao',
      'regular',
    ],
    ['ED', 'Carteira escolar com prancheta', 'Mobiliário', 'Compra', '245.50', '2020-01-30', 'em_uso', 'bom'],
    ['ED', 'Quadro branco de 3 metros', 'Mobiliário', 'Compra', '780.00', '2020-01-30', 'em_uso', 'bom'],
    ['ED', 'Estante de livros em madeira', 'Mobiliário', 'Doação', '640.00', '2015-09-10', 'ativo', 'regular'],
    [
      'ED',
      'Lousa digital interativa',
      'Equipamentos de Informática',
      'Transferência',
      '8900.00',
      '2023-04-17',
      'em_uso',
      'novo',
    ],
    ['ED', 'Fogão industrial de 6 bocas', 'Eletrodomésticos', 'Compra', '3480.00', '2017-07-03', 'em_uso', 'regular'],
    [
      'SA',
      'Maca hospitalar com rodas',
      'Equipamentos Médico-Hospitalares',
      'Compra',
      '2350.00',
      '2019-10-21',
      'em_uso',
      'bom',
    ],
    [
      'SA',
      'Autoclave de 21 litros',
      'Equipamentos Médico-Hospitalares',
      'Compra',
      '5980.00',
      '2020-06-08',
      'em_manutencao',
      'regular',
    ],
    [
      'SA',
      'Cadeira odontológica completa',
      'Equipamentos Médico-Hospitalares',
      'Cessão',
      '18750.00',
      '2021-03-15',
      'em_uso',
      'bom',
    ],
    [
      'SA',
      'Refrigerador para vacinas 280 litros',
      'Eletrodomésticos',
      'Compra',
      '11200.00',
      '2022-02-09',
      'em_uso',
      'novo',
    ],
    [
      'SA',
      'Balança antropométrica digital',
      'Equipamentos Médico-Hospitalares',
      'Doação',
      '1690.00',
      '2018-12-05',
      'ativo',
      'bom',
    ],
    ['OB', 'Caminhão basculante 6 m³', 'Veículos', 'Compra', '389000.00', '2018-05-22', 'em_uso', 'regular'],
    ['OB', 'Retroescavadeira 4x4', 'Veículos', 'Compra', '465000.00', '2020-09-14', 'em_uso', 'bom'],
    ['OB', 'Betoneira de 400 litros', 'Máquinas e Equipamentos', 'Compra', '4390.00', '2017-03-28', 'ocioso', 'ruim'],
    ['OB', 'Roçadeira a gasolina', 'Máquinas e Equipamentos', 'Compra', '1899.00', '2023-01-19', 'em_uso', 'bom'],
    ['OB', 'Camionete cabine dupla 4x4', 'Veículos', 'Permuta', '235000.00', '2021-06-30', 'em_uso', 'bom'],
    [
      'OB',
      'Compactador de solo tipo sapo',
      'Máquinas e Equipamentos',
      'Compra',
      '12400.00',
      '2014-08-11',
      'baixado',
      'inservivel',
    ],
    ['FI', 'Cofre de aço com segredo', 'Mobiliário', 'Compra', '3150.00', '2016-04-04', 'em_uso', 'bom'],
    ['FI', 'Calculadora com bobina', 'Máquinas e Equipamentos', 'Compra', '329.90', '2022-03-21', 'ativo', 'novo'],
    [
      'FI',
      'Notebook 14 polegadas i7',
      'Equipamentos de Informática',
      'Compra',
      '6200.00',
      '2023-07-12',
      'em_uso',
      'novo',
    ],
    ['TI', 'Servidor de rack 2U', 'Equipamentos de Informática', 'Compra', '42800.00', '2022-10-03', 'em_uso', 'novo'],
    [
      'TI',
      'Switch gerenciável de 24 portas',
      'Equipamentos de Informática',
      'Compra',
      '3890.00',
      '2022-10-03',
      'em_uso',
      'novo',
    ],
    [
      'TI',
      'Nobreak de 3 kVA',
      'Equipamentos de Informática',
      'Compra',
      '5400.00',
      '2021-05-18',
      'em_manutencao',
      'regular',
    ],
    [
      'TI',
      'Computador desktop Core i5',
      'Equipamentos de Informática',
      'Compra',
      '4250.00',
      '2020-02-27',
      'em_uso',
      'bom',
    ],
    [
      'TI',
      'Monitor LED de 24 polegadas',
      'Equipamentos de Informática',
      'Compra',
      '899.00',
      '2020-02-27',
      'em_uso',
      'bom',
    ],
    [
      'TI',
      'Impressora multifuncional laser',
      'Equipamentos de Informática',
      'Comodato',
      '0.00',
      '2024-01-08',
      'em_uso',
      'novo',
    ],
    [
      'TI',
      'Roteador sem fio corporativo',
      'Equipamentos de Informática',
      'Compra',
      '1250.00',
      '2019-11-11',
      'extraviado',
      'bom',
    ],
  ],
  vizinho: [
    ['GP', 'Mesa de gabinete em madeira', 'Mobiliário', 'Compra', '2890.00', '2019-02-11', 'em_uso', 'bom'],
    ['GP', 'Automóvel sedã oficial', 'Veículos', 'Compra', '128000.00', '2022-08-25', 'em_uso', 'novo'],
    [
      'AS',
      'Computador desktop Core i3',
      'Equipamentos de Informática',
      'Doação',
      '2100.00',
      '2018-06-14',
      'ativo',
      'regular',
    ],
  ],
};

/**
 * Demo assets of one municipality, numbered by the same counters as the API (default pattern), with
 * their creation history, as if `createdBy` had registered them. Call inside seedDemo's transaction.
 */
export async function seedDemoAssets(
  tx: Db,
  municipality: { id: number; slug: string },
  createdBy: { id: number; name: string },
): Promise<void> {
  const list = DEMO_ASSETS[municipality.slug] ?? [];
  const m = municipality.id;
  const sectorRows = await tx.select().from(sectors).where(eq(sectors.municipalityId, m));
  const localRows = await tx.select().from(locais).where(eq(locais.municipalityId, m));
  const tipoRows = await tx.select().from(tiposBens).where(eq(tiposBens.municipalityId, m));
  const formaRows = await tx.select().from(formasAquisicao).where(eq(formasAquisicao.municipalityId, m));
  const pattern = await getPattern(tx, scopeOfMunicipality(m));
  for (const [i, [code, descricao, tipo, forma, valor, data, status, estado]] of list.entries()) {
    const sector = sectorRows.find((s) => s.code === code)!;
    const places = localRows.filter((l) => l.sectorId === sector.id);
    const local = places[i % places.length];
    const t = tipoRows.find((x) => x.name === tipo)!;
    const f = formaRows.find((x) => x.name === forma)!;
    const [numero] = await allocateNumbers(tx, scopeOfMunicipality(m), pattern, code, 1);
    const [row] = await tx
      .insert(patrimonios)
      .values({
        municipalityId: m,
        numeroPatrimonio: numero,
        descricaoBem: descricao,
        tipoId: t.id,
        tipoNome: t.name,
        sectorId: sector.id,
        setorNome: sector.name,
        localId: local?.id ?? null,
        localNome: local?.name ?? null,
        formaAquisicaoId: f.id,
        formaNome: f.name,
        valorAquisicao: valor,
        quantidade: 1,
        dataAquisicao: data,
        status,
        estadoConservacao: estado,
        createdById: createdBy.id,
        createdByName: createdBy.name,
      })
      .returning({ id: patrimonios.id });
    await tx.insert(patrimonioHistorico).values({
      patrimonioId: row.id,
      municipalityId: m,
      action: HISTORICO_ACTIONS.created,
      userId: createdBy.id,
      userName: createdBy.name,
      details: `Bem ${numero} cadastrado no setor '${sector.name}'.`,
    });
  }
}
