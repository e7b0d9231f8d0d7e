import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportacaoPendentes, ImportacaoPendentesResult } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { jobRecorder, startWorkerIfNeeded } from '../support/jobs';
import { newTenant, newTown, ownerQuery, type TestTenant, type TestTown } from '../support/factories';
import { geafinOverLimit } from '../support/real-registers';
import { api, chooseAll, confirmAndWait, realRegister, uploadAndAnalyse } from './importacao-flow';

// Issue 35.1: a register with bad rows imports its good rows and keeps the bad ones as pending rows,
// corrected (PUT, checked again per cell) and confirmed later; without `pendentes` it is refused whole.

let s: TestServer;
let A: TestTown;
let B: TestTenant;
let stopWorker: () => Promise<void> = async () => undefined;
void jobRecorder;

const count = async (m: number) =>
  Number(
    (await ownerQuery<{ n: string }>(s, 'select count(*) as n from patrimonios where municipality_id = $1', [m]))[0].n,
  );

beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  A = await newTown(s);
  B = await newTenant(s);
});
afterAll(async () => {
  await stopWorker();
  await s?.close();
});

describe('pending rows', () => {
  it('GEAFIN as published has no refused row: its long descriptions (up to 1,488 characters) are within the limit', async () => {
    const { analise } = await uploadAndAnalyse(
      s,
      B.users.admin,
      realRegister('geafin-2cjm-relatorio-bens.csv'),
      'g.csv',
    );
    expect(analise.total).toBe(3833);
    expect(analise.errorCount).toBe(0);
  }, 240_000);

  it('GEAFIN with six descriptions over the limit: the valid rows are imported, the refused ones kept pending, corrected and confirmed', async () => {
    const admin = A.users.admin;
    const { imp, analise, body } = await uploadAndAnalyse(s, admin, geafinOverLimit(), 'geafin.csv');
    expect(analise.total).toBe(3833);
    expect(analise.errorCount).toBeGreaterThan(0);
    const call = await api(s, admin);
    const confirm = { ...body, valueMapping: chooseAll(analise) };

    // Without `pendentes`: refused whole, as before; nothing written.
    const refused = await call('POST', `/api/importacoes/${imp.id}/confirmar`, confirm);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toMatch(/O arquivo tem .* erro/);
    expect(await count(A.id)).toBe(0);

    const started = performance.now();
    const { report } = await confirmAndWait(s, admin, imp.id, { ...confirm, pendentes: 'manter' });
    const seconds = (performance.now() - started) / 1000;
    console.log(`GEAFIN import (3,833 rows, pending kept): ${seconds.toFixed(1)} s`);
    const bad = new Set(analise.errors.map((e) => e.line)).size;
    expect(report.pending).toBe(bad);
    expect(report.created).toBe(3833 - bad);
    expect(await count(A.id)).toBe(3833 - bad);

    const list = await call('GET', `/api/importacoes/${imp.id}/pendentes`);
    expect(list.status).toBe(200);
    const p = list.body.pendentes as ImportacaoPendentes;
    expect(p.rows).toHaveLength(bad);
    expect(p.fields.map((f) => f.key)).toEqual(expect.arrayContaining(['numero', 'descricao', 'setor']));
    const long = p.rows.filter((r) => r.values.descricao.length > 4000);
    expect(long.length).toBeGreaterThanOrEqual(6);
    for (const r of long) expect(r.errors.descricao).toBe('A descrição deve ter no máximo 4.000 caracteres.');

    // Another municipality: 404; a visualizador: 403.
    expect((await (await api(s, B.users.admin))('GET', `/api/importacoes/${imp.id}/pendentes`)).status).toBe(404);
    expect((await (await api(s, A.users.visualizador))('GET', `/api/importacoes/${imp.id}/pendentes`)).status).toBe(
      403,
    );
    const other = await (
      await api(s, B.users.admin)
    )('PUT', `/api/importacoes/${imp.id}/pendentes`, {
      version: p.version,
      linhas: [{ line: long[0].line, values: { descricao: 'x' } }],
    });
    expect(other.status).toBe(404);

    // Bad input: 422 and nothing changes (a line that is not pending, a field the import has no column for, junk).
    for (const wrong of [
      { version: p.version, linhas: [{ line: 2, values: { descricao: 'Armário' } }] },
      { version: p.version, linhas: [{ line: long[0].line, values: { marca: 'X' } }] },
      { version: p.version, linhas: [] },
      { version: p.version, linhas: [{ line: long[0].line, values: { descricao: 'x' } }], extra: 1 },
    ]) {
      const res = await call('PUT', `/api/importacoes/${imp.id}/pendentes`, wrong);
      expect([400, 422], JSON.stringify(res.body)).toContain(res.status);
      expect(res.body.error.message).toBeTruthy();
    }
    const same = (await call('GET', `/api/importacoes/${imp.id}/pendentes`)).body.pendentes as ImportacaoPendentes;
    expect(same).toEqual(p);

    // The correction: the first long description shortened; checked again per cell.
    const fixed = long[0];
    const short = fixed.values.descricao.slice(0, 200);
    const put = await call('PUT', `/api/importacoes/${imp.id}/pendentes`, {
      version: p.version,
      linhas: [{ line: fixed.line, values: { descricao: short } }],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const after = put.body.pendentes as ImportacaoPendentes;
    expect(after.version).toBe(p.version + 1);
    expect(after.rows.find((r) => r.line === fixed.line)!.errors).toEqual({});
    expect(after.rows.find((r) => r.line === long[1].line)!.errors.descricao).toBeTruthy();

    // A stale edit or confirmation: 409, nothing changed.
    const stale = await call('PUT', `/api/importacoes/${imp.id}/pendentes`, {
      version: p.version,
      linhas: [{ line: long[1].line, values: { descricao: 'Outro' } }],
    });
    expect(stale.status).toBe(409);
    expect((await call('POST', `/api/importacoes/${imp.id}/pendentes/confirmar`, { version: p.version })).status).toBe(
      409,
    );

    const ok = await call('POST', `/api/importacoes/${imp.id}/pendentes/confirmar`, { version: after.version });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const result = ok.body.resultado as ImportacaoPendentesResult;
    expect(result).toMatchObject({ importados: 1, pendentes: bad - 1 });
    expect(result.numeros).toEqual({ first: fixed.values.numero, last: fixed.values.numero });
    const [asset] = await ownerQuery<{ descricao_bem: string }>(
      s,
      'select descricao_bem from patrimonios where municipality_id = $1 and numero_patrimonio = $2',
      [A.id, fixed.values.numero],
    );
    expect(asset.descricao_bem).toBe(short);
    const left = (await call('GET', `/api/importacoes/${imp.id}/pendentes`)).body.pendentes as ImportacaoPendentes;
    expect(left.rows.map((r) => r.line)).not.toContain(fixed.line);
    expect(left.rows).toHaveLength(bad - 1);
    expect(await count(A.id)).toBe(3833 - bad + 1);
  }, 240_000);

  it('rows breaking other rules (a bad date, a number twice in the file, a number already registered) are kept and corrected', async () => {
    const admin = A.users.admin;
    const csv = (rows: string[]) => Buffer.from(['Tombamento;Descrição;Lotação;Data de aquisição', ...rows].join('\n'));
    await confirmAndWait(
      s,
      admin,
      ...(await (async () => {
        const first = await uploadAndAnalyse(s, admin, csv(['P-900;Mesa;Administração;01/01/2020']), 'um.csv');
        return [first.imp.id, { ...first.body, valueMapping: chooseAll(first.analise) }] as const;
      })()),
    );
    const { imp, analise, body } = await uploadAndAnalyse(
      s,
      admin,
      csv([
        'P-901;Cadeira;Administração;02/01/2020',
        'P-902;Armário;Administração;31/02/20xx',
        'P-901;Estante;Administração;03/01/2020',
        'P-900;Mesa repetida;Administração;04/01/2020',
      ]),
      'regras.csv',
    );
    expect(analise.errorCount).toBe(3);
    const { report } = await confirmAndWait(s, admin, imp.id, {
      ...body,
      valueMapping: chooseAll(analise),
      pendentes: 'manter',
    });
    expect(report).toMatchObject({ created: 1, pending: 3, numeros: { first: 'P-901', last: 'P-901' } });
    const call = await api(s, admin);
    const p = (await call('GET', `/api/importacoes/${imp.id}/pendentes`)).body.pendentes as ImportacaoPendentes;
    expect(p.rows.map((r) => [r.line, Object.keys(r.errors)])).toEqual([
      [3, ['data']],
      [4, ['numero']],
      [5, ['numero']],
    ]);
    expect(p.rows[0].errors.data).toBe('Data inválida: "31/02/20xx" (use dd/mm/aaaa).');
    expect(p.rows[2].errors.numero).toBe('O número P-900 já existe no cadastro.');
    const put = await call('PUT', `/api/importacoes/${imp.id}/pendentes`, {
      version: p.version,
      linhas: [
        { line: 3, values: { data: '28/02/2020' } },
        { line: 4, values: { numero: 'P-903' } },
      ],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const rows = (put.body.pendentes as ImportacaoPendentes).rows;
    expect(rows.map((r) => [r.line, r.errors])).toEqual([
      [3, {}],
      [4, {}],
      [5, { numero: 'O número P-900 já existe no cadastro.' }],
    ]);
    const ok = await call('POST', `/api/importacoes/${imp.id}/pendentes/confirmar`, {
      version: (put.body.pendentes as ImportacaoPendentes).version,
    });
    expect(ok.body.resultado).toMatchObject({
      importados: 2,
      pendentes: 1,
      numeros: { first: 'P-902', last: 'P-903' },
    });
    const dates = await ownerQuery<{ n: string; d: string }>(
      s,
      `select numero_patrimonio as n, to_char(data_aquisicao, 'YYYY-MM-DD') as d from patrimonios
        where municipality_id = $1 and numero_patrimonio in ('P-902', 'P-903') order by 1`,
      [A.id],
    );
    expect(dates).toEqual([
      { n: 'P-902', d: '2020-02-28' },
      { n: 'P-903', d: '2020-01-03' },
    ]);
  });
});
