/**
 * `npm run bench`: every benchmark, printed. Uses DATABASE_URL / REDIS_URL when set, like the tests.
 * `npm run bench -- etiquetas relatorios` runs only the named ones.
 */
export {};

process.env.NODE_ENV ??= 'test';
process.env.LOG_LEVEL ??= 'warn';

const BENCHES: Record<string, () => Promise<unknown>> = {
  foundation: async () => (await import('./foundation')).foundationBench(),
  movements: async () => (await import('./movements')).movementsBench(),
  patrimonios: () => import('./patrimonios'),
  audit: () => import('./audit'),
  inventarios: async () => (await import('./inventarios')).inventariosBench(),
  fichas: async () => (await import('./fichas')).fichasBench(),
  etiquetas: async () => (await import('./etiquetas')).etiquetasBench(),
  relatorios: async () => (await import('./relatorios')).relatoriosBench(),
  exportacoes: async () => (await import('./exportacoes')).exportacoesBench(),
  busca: async () => (await import('./busca')).buscaBench(),
  importacao: async () => (await import('./importacao')).importacaoBench(),
  backups: async () => (await import('./backups')).backupsBench(),
  imoveis: async () => (await import('./imoveis')).imoveisBench(),
  depreciacao: async () => (await import('./depreciacao')).depreciacaoBench(),
  analises: async () => (await import('./analises')).analisesBench(),
  bundle: async () => (await import('./bundle')).bundleBench(),
  publica: async () => (await import('./publica')).publicaBench(),
  celular: async () => (await import('./celular')).celularBench(),
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((n) => !(n in BENCHES));
if (unknown.length) {
  console.error(`unknown bench: ${unknown.join(', ')} (known: ${Object.keys(BENCHES).join(', ')})`);
  process.exit(2);
}
for (const [name, run] of Object.entries(BENCHES)) if (!wanted.length || wanted.includes(name)) await run();
process.exit(0);
