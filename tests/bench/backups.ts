/**
 * Backups (issue 12): backup and restore of a municipality with 100,000 assets — seconds and file size.
 *   npm run bench -- backups            (PGlite in memory; DATABASE_URL=… for PostgreSQL)
 * BENCH_BACKUP_ASSETS (default 100000) shrinks it for a quick run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer } from '../support/harness';
import { newTenant } from '../support/factories';
import { extractArchive } from '../../server/src/modules/backups/archive';
import { writeMunicipalityBackup } from '../../server/src/modules/backups/dump';
import { restoreMunicipality } from '../../server/src/modules/backups/restore';
import { unusableHash } from '../../server/src/modules/superuser';

const ASSETS = Number(process.env.BENCH_BACKUP_ASSETS ?? 100_000);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** Seeds N assets, backs the municipality up, changes it, restores it; prints the figures. */
export async function backupsBench(): Promise<void> {
  const s = await startTestServer({}, { seed: false });
  try {
    const t = await newTenant(s, 'Bench Backups');
    await s.owner.query(
      `insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, sector_id, setor_nome, valor_aquisicao)
       select $1, 'B-' || g, 'Bem de bench número ' || g || ' com uma descrição de tamanho típico', $2, 'Setor', (g % 5000)::numeric
         from generate_series(1, $3) g`,
      [t.id, t.sector.id, ASSETS],
    );
    const dest = path.join(os.tmpdir(), `tombo-bench-backup-${Date.now()}.tar.gz`);
    let start = performance.now();
    const manifest = await writeMunicipalityBackup(s.ctx, t.id, dest, async () => undefined);
    const backupS = (performance.now() - start) / 1000;
    const size = fs.statSync(dest).size;
    await s.owner.query(`delete from patrimonios where municipality_id = $1 and id % 2 = 0`, [t.id]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tombo-bench-restore-'));
    start = performance.now();
    await extractArchive(dest, dir);
    await restoreMunicipality(s.ctx, manifest, dir, { kind: 'same', municipalityId: t.id }, await unusableHash());
    const restoreS = (performance.now() - start) / 1000;
    const [{ n }] = await s.owner.query<{ n: number }>(
      'select count(*)::int n from patrimonios where municipality_id = $1',
      [t.id],
    );
    console.log(
      `backups (${s.ctx.database.kind}): ${ASSETS.toLocaleString('pt-BR')} bens — backup ${backupS.toFixed(1)} s, ` +
        `arquivo ${mb(size)}; restauração (extrair + 1 transação + verificação) ${restoreS.toFixed(1)} s; ` +
        `bens após restaurar: ${n.toLocaleString('pt-BR')}`,
    );
    fs.rmSync(dest, { force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  } finally {
    await s.close();
  }
}
