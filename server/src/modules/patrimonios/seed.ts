import type { Db } from '../../db/client';
import { formasAquisicao, tiposBens } from '../../db/schema';

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
  await tx.insert(tiposBens)
    .values(TIPOS.map(([name, usefulLifeMonths, residualValuePct]) => ({ municipalityId, name, usefulLifeMonths, residualValuePct })))
    .onConflictDoNothing();
  await tx.insert(formasAquisicao).values(FORMAS.map((nome) => ({ municipalityId, nome }))).onConflictDoNothing();
}
