import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORTACAO_LIMITS, type Importacao } from '@tombo/shared';
import { removeExpiredImportacoes } from '../../server/src/modules/importacao/cleanup';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { startWorkerIfNeeded, waitJob } from '../support/jobs';
import { newTown, ownerQuery, type TestTown } from '../support/factories';

// The cleanup of register uploads (issue 12's import): files of imports finished or abandoned more than
// IMPORTACAO_LIMITS.fileRetentionDays (7) days ago are removed by a scheduled sweep and their rows marked.

let s: TestServer;
let A: TestTown;
let stopWorker: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  A = await newTown(s);
});
afterAll(async () => {
  await stopWorker();
  await s?.close();
});

const csv = (rows: string[]) => Buffer.from(['Tombamento;Descrição;Lotação', ...rows].join('\r\n') + '\r\n', 'latin1');

async function upload(bytes: Buffer, name: string): Promise<Importacao> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${s.url}/api/importacoes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await A.users.admin.token()}` },
    body: form,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { importacao: Importacao }).importacao;
}

type Row = { status: string; file_path: string; errors_path: string | null; report: Record<string, unknown> | null };
const rowOf = async (id: string) =>
  (await ownerQuery<Row>(s, 'select status, file_path, errors_path, report from importacoes where id = $1', [id]))[0];
const abs = (rel: string) => path.join(s.ctx.config.dataDir, rel);
const age = (id: string, days: number) =>
  ownerQuery(s, `update importacoes set updated_at = now() - make_interval(days => $2) where id = $1`, [id, days]);

describe('cleanup of register uploads', () => {
  it('removes the files of uploads finished or abandoned more than 7 days ago, marks them, and says so in pt-BR', async () => {
    expect(IMPORTACAO_LIMITS.fileRetentionDays).toBe(7);
    const admin = client(s.url, await A.users.admin.token());
    // Abandoned after an analysis with errors (its error CSV exists), abandoned right after the upload,
    // one still being imported (its job reads the file), and a recent one.
    const analysed = await upload(csv(['C-1;;Administração']), 'velho.csv');
    const an = await admin('POST', `/api/importacoes/${analysed.id}/analise`, {
      mapping: { numero: 0, descricao: 1, setor: 2 },
    });
    expect(an.status).toBe(202);
    expect((await waitJob(s, await A.users.admin.token(), an.body.job.id)).status).toBe('completed');
    const sent = await upload(csv(['C-2;Mesa;Administração']), 'abandonado.csv');
    const running = await upload(csv(['C-3;Mesa;Administração']), 'importando.csv');
    const recent = await upload(csv(['C-4;Mesa;Administração']), 'recente.csv');
    await ownerQuery(s, `update importacoes set status = 'importando' where id = $1`, [running.id]);
    const before = await rowOf(analysed.id);
    expect(before.errors_path).not.toBeNull();
    expect(fs.existsSync(abs(before.errors_path!))).toBe(true);
    await age(analysed.id, 8);
    await age(sent.id, 8);
    await age(running.id, 30);
    await age(recent.id, 6);

    expect(await removeExpiredImportacoes(s.ctx)).toBe(2);
    const gone = await rowOf(analysed.id);
    expect(gone).toMatchObject({ status: 'expirada', errors_path: null, report: { statusAnterior: 'analisada' } });
    expect(fs.existsSync(abs(gone.file_path))).toBe(false);
    expect(fs.existsSync(abs(before.errors_path!))).toBe(false);
    expect(await rowOf(sent.id)).toMatchObject({ status: 'expirada', report: { statusAnterior: 'enviada' } });
    for (const kept of [running, recent]) {
      const r = await rowOf(kept.id);
      expect(r.status).not.toBe('expirada');
      expect(fs.existsSync(abs(r.file_path))).toBe(true);
    }
    // Idempotent: a second run (or another node) finds nothing left.
    expect(await removeExpiredImportacoes(s.ctx)).toBe(0);

    const errs = await fetch(`${s.url}/api/importacoes/${analysed.id}/erros`, {
      headers: { authorization: `Bearer ${await A.users.admin.token()}` },
    });
    expect(errs.status).toBe(404);
    expect(((await errs.json()) as { error: { message: string } }).error.message).toBe(
      'O relatório de erros desta importação foi removido após 7 dias. Envie o arquivo de novo para analisá-lo.',
    );
    const again = await admin('POST', `/api/importacoes/${sent.id}/analise`, {
      mapping: { numero: 0, descricao: 1, setor: 2 },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(
      'Os arquivos desta importação foram removidos após 7 dias. Envie o arquivo de novo.',
    );
    expect((await admin('GET', `/api/importacoes/${sent.id}`)).body.importacao.status).toBe('expirada');
  });
});
