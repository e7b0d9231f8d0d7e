/**
 * The whole Drizzle schema: every table, defined in its area's `modules/<area>/schema.ts` (tables of no
 * area in `core-schema.ts`). Code imports tables from here; drizzle-kit reads this file.
 */
export * from './core-schema';
export * from '../modules/users/schema';
export * from '../modules/sectors/schema';
export * from '../modules/locais/schema';
export * from '../modules/comissoes/schema';
export * from '../modules/auth/schema';
export * from '../modules/customization/schema';
export * from '../modules/audit/schema';
export * from '../modules/jobs/schema';
export * from '../modules/tipos-bens/schema';
export * from '../modules/formas-aquisicao/schema';
export * from '../modules/numbering/schema';
export * from '../modules/form-fields/schema';
export * from '../modules/patrimonios/schema';
export * from '../modules/public/schema';
export * from '../modules/notifications/schema';
export * from '../modules/transferencias/schema';
export * from '../modules/emprestimos/schema';
export * from '../modules/documents/schema';
export * from '../modules/inventarios/schema';
export * from '../modules/fichas/schema';
export * from '../modules/termos/schema';
export * from '../modules/etiquetas/schema';
export * from '../modules/relatorios/schema';
export * from '../modules/exportacoes/schema';
export * from '../modules/superuser/schema';
export * from '../modules/security/schema';
export * from '../modules/importacao/schema';
export * from '../modules/backups/schema';
export * from '../modules/version/schema';
export * from '../modules/imoveis/schema';
export * from '../modules/depreciacao/schema';
export * from '../modules/contabilidade/schema';
export * from '../modules/dashboard/schema';
