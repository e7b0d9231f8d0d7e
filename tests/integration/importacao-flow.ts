import { expect } from 'vitest';
import type {
  Importacao,
  ImportacaoAnalise,
  ImportacaoAnaliseBody,
  ImportacaoAnaliseResult,
  ImportacaoConfirmarBody,
  ImportacaoReport,
  Job,
} from '@tombo/shared';
import type { TestServer } from '../support/harness';
import { client } from '../support/http';
import { jobDownload, waitJob } from '../support/jobs';
import type { TestUser } from '../support/factories';

/** The wizard's calls for the import tests of issue 35 (upload, analyse, confirm, wait). */

export { realRegister } from '../support/real-registers';

/** Uploads a file (201 `{ importacao }` or the error). */
export async function upload(s: TestServer, who: TestUser, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${s.url}/api/importacoes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await who.token()}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

/** A JSON client of `who`. */
export const api = async (s: TestServer, who: TestUser) => client(s.url, await who.token());

/** Asks for the analysis and waits for its job: the analysis. */
export async function analyseFile(s: TestServer, who: TestUser, id: string, body: ImportacaoAnaliseBody) {
  const res = await (await api(s, who))('POST', `/api/importacoes/${id}/analise`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const token = await who.token();
  const job = await waitJob(s, token, res.body.job.id);
  expect(job.status, job.error ?? '').toBe('completed');
  const result = JSON.parse((await jobDownload(s, token, job.id)).bytes.toString('utf8')) as ImportacaoAnaliseResult;
  return result.analise;
}

/** Every distinct value mapped to its match, else created (numeric-looking sectors under `nome`). */
export function chooseAll(analise: ImportacaoAnalise): NonNullable<ImportacaoConfirmarBody['valueMapping']> {
  const choose = (list: Array<{ value: string; setor?: string; match: { id: number } | null }>, local = false) =>
    Object.fromEntries(
      list.map((d) => [
        local ? `${d.setor}\u001f${d.value}` : d.value,
        d.match ? { id: d.match.id } : { criar: true as const },
      ]),
    );
  return {
    setor: choose(analise.distinct.setor),
    local: choose(analise.distinct.local, true),
    tipo: choose(analise.distinct.tipo),
    forma: choose(analise.distinct.forma),
    status: Object.fromEntries(analise.enums.status.map((e) => [e.value, (e.suggestion ?? 'ativo') as 'ativo'])),
    estado: Object.fromEntries(analise.enums.estado.map((e) => [e.value, e.suggestion as null])),
  };
}

/** Confirms and waits for the import job: the job and its report. */
export async function confirmAndWait(s: TestServer, who: TestUser, id: string, body: ImportacaoConfirmarBody) {
  const res = await (await api(s, who))('POST', `/api/importacoes/${id}/confirmar`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const token = await who.token();
  const job: Job = await waitJob(s, token, res.body.job.id);
  expect(job.status, job.error ?? '').toBe('completed');
  const report = JSON.parse((await jobDownload(s, token, job.id)).bytes.toString('utf8')) as ImportacaoReport;
  return { job, report };
}

/** Uploads and analyses with the suggested mapping (or `mapping`). */
export async function uploadAndAnalyse(
  s: TestServer,
  who: TestUser,
  bytes: Buffer,
  name: string,
  extra: Partial<ImportacaoAnaliseBody> = {},
) {
  const up = await upload(s, who, bytes, name);
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  const imp = up.body.importacao as Importacao;
  const body = { mapping: imp.suggestedMapping, hasHeader: imp.hasHeader, ...extra };
  const analise = await analyseFile(s, who, imp.id, body);
  return { imp, analise, body };
}
