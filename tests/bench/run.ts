/** `npm run bench`: every benchmark, printed. Uses DATABASE_URL / REDIS_URL when set, like the tests. */
import fs from 'node:fs';
import { foundationBench } from './foundation';
import { movementsBench } from './movements';

process.env.NODE_ENV ??= 'test';
process.env.LOG_LEVEL ??= 'warn';
await foundationBench();
await movementsBench();
const extra = new URL('./patrimonios.ts', import.meta.url);
if (fs.existsSync(extra)) await import(extra.href);
await import(new URL('./audit.ts', import.meta.url).href);
await (await import('./inventarios')).inventariosBench();
await (await import('./fichas')).fichasBench();
await (await import('./etiquetas')).etiquetasBench();
await (await import('./relatorios')).relatoriosBench();
await (await import('./exportacoes')).exportacoesBench();
process.exit(0);
