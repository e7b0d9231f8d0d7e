import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Importacao,
  ImportacaoAnalise,
  ImportacaoAnaliseResult,
  ImportacaoConfirmarBody,
  ImportacaoReport,
  Job,
} from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { jobDownload, startWorkerIfNeeded, waitJob } from '../support/jobs';
import {
  newTenant,
  newTipoBem,
  newTown,
  ownerQuery,
  type TestTenant,
  type TestTown,
  type TestUser,
} from '../support/factories';

// The wizard as the one import entry of the asset list (issue 34.3): every user with bens:create,
// a non-admin only into the sectors they see and the catalogs as they are; numbers generated from
// the numbering sequences when the file has none (what the asset list's old import dialog did).

let s: TestServer;
let A: TestTown;
let B: TestTenant;
let stopWorker: () => Promise<void> = async () => undefined;
let mobiliario: { id: number };
const YEAR = Number(
  new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date()),
);
const csv = (rows: string[][]) =>
  Buffer.from([['Descrição', 'Setor', 'Local', 'Tipo', 'Valor'], ...rows].map((r) => r.join(';')).join('\n'));
const MAPPING = { descricao: 0, setor: 1, local: 2, tipo: 3, valor: 4 };

async function upload(who: TestUser, bytes: Buffer, name = 'bens.csv') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${s.url}/api/importacoes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await who.token()}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}
const api = async (who: TestUser) => client(s.url, await who.token());

/** Uploads and analyses with generated numbers; the upload and the analysis (or the failed job). */
async function analysed(who: TestUser, bytes: Buffer) {
  const up = await upload(who, bytes);
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  const imp = up.body.importacao as Importacao;
  const res = await (
    await api(who)
  )('POST', `/api/importacoes/${imp.id}/analise`, {
    mapping: MAPPING,
    generateNumbers: true,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const token = await who.token();
  const job = await waitJob(s, token, res.body.job.id);
  expect(job.status, job.error ?? '').toBe('completed');
  const result = JSON.parse((await jobDownload(s, token, job.id)).bytes.toString('utf8')) as ImportacaoAnaliseResult;
  return { imp, analise: result.analise };
}

/** The confirmation body taking every matched value, and 'criar' for the others. */
function choices(a: ImportacaoAnalise): ImportacaoConfirmarBody {
  const pick = (list: ImportacaoAnalise['distinct']['setor'], local = false) =>
    Object.fromEntries(
      list.map((d) => [
        local ? `${d.setor}\u001f${d.value}` : d.value,
        d.match ? { id: d.match.id } : { criar: true as const },
      ]),
    );
  return {
    mapping: MAPPING,
    generateNumbers: true,
    valueMapping: {
      setor: pick(a.distinct.setor),
      local: pick(a.distinct.local, true),
      tipo: pick(a.distinct.tipo),
      forma: pick(a.distinct.forma),
    },
  };
}

async function finish(who: TestUser, jobId: string): Promise<{ job: Job; report?: ImportacaoReport }> {
  const token = await who.token();
  const job = await waitJob(s, token, jobId);
  if (job.status !== 'completed') return { job };
  return { job, report: JSON.parse((await jobDownload(s, token, job.id)).bytes.toString('utf8')) };
}

const assetsNamed = (prefix: string) =>
  ownerQuery<{ numero_patrimonio: string; descricao_bem: string; setor_nome: string; created_by_name: string }>(
    s,
    `select numero_patrimonio, descricao_bem, setor_nome, created_by_name from patrimonios
      where municipality_id = $1 and descricao_bem like $2 order by id`,
    [A.id, `${prefix}%`],
  );

beforeAll(async () => {
  s = await startTestServer({}, { seed: false });
  stopWorker = await startWorkerIfNeeded(s);
  A = await newTown(s, { usuarioSectors: ['AD'] });
  B = await newTenant(s);
  mobiliario = await newTipoBem(s, A.id, { name: 'Mobiliário' });
});
afterAll(async () => {
  await stopWorker();
  await s?.close();
});

describe('the import wizard for every user with bens:create', () => {
  it('a usuario imports into their sector with numbers issued from the sequence, in row order, range in number order', async () => {
    const { imp, analise } = await analysed(
      A.users.usuario,
      csv([
        ['Gerado mesa', 'Administração', 'Recepção', 'Mobiliário', '100,00'],
        ['Gerado cadeira', 'AD', '', 'mobiliario', '50'],
        ['Gerado armário', 'administracao', 'Sala da Diretoria', '', '300,50'],
      ]),
    );
    expect(imp.suggestedMapping.numero).toBeNull();
    expect(analise).toMatchObject({ total: 3, valid: 3, errorCount: 0, duplicates: 0 });
    const conf = await (await api(A.users.usuario))('POST', `/api/importacoes/${imp.id}/confirmar`, choices(analise));
    expect(conf.status, JSON.stringify(conf.body)).toBe(202);
    const { job, report } = await finish(A.users.usuario, conf.body.job.id);
    expect(job.status, job.error ?? '').toBe('completed');
    expect(report).toMatchObject({
      total: 3,
      created: 3,
      generated: true,
      createdCatalogs: { setor: 0, local: 0, tipo: 0, forma: 0 },
      numeros: { first: `${YEAR}AD000001`, last: `${YEAR}AD000003` },
    });
    const rows = await assetsNamed('Gerado ');
    expect(rows.map((r) => [r.descricao_bem, r.numero_patrimonio, r.setor_nome])).toEqual([
      ['Gerado mesa', `${YEAR}AD000001`, 'Administração'],
      ['Gerado cadeira', `${YEAR}AD000002`, 'Administração'],
      ['Gerado armário', `${YEAR}AD000003`, 'Administração'],
    ]);
    // The sequence continues after them, and the import is in the log for the sector's usuarios.
    const next = await (
      await api(A.users.usuario)
    )('POST', '/api/patrimonios', {
      descricao_bem: 'Depois da importação',
      sectorId: A.sectors.AD.id,
      tipoId: mobiliario.id,
      valor_aquisicao: '1',
    });
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    expect(next.body.patrimonio.numero_patrimonio).toBe(`${YEAR}AD000004`);
    const [log] = await ownerQuery<{ sector_id: number }>(
      s,
      `select sector_id from audit_logs where municipality_id = $1 and action = 'IMPORTACAO_COMMIT' and entity_id = $2`,
      [A.id, imp.id],
    );
    expect(log.sector_id).toBe(A.sectors.AD.id);
    const [hist] = await ownerQuery<{ details: string }>(
      s,
      `select h.details from patrimonio_historico h join patrimonios p on p.id = h.patrimonio_id
        where p.descricao_bem = 'Gerado mesa'`,
    );
    expect(hist.details).toBe(`Bem ${YEAR}AD000001 cadastrado por importação de planilha.`);
  });

  it('a supervisor’s rows of several sectors: numbered per sector, the range from the lowest to the highest number', async () => {
    const { imp, analise } = await analysed(
      A.users.supervisor,
      csv([
        ['Faixa finanças', 'Finanças', '', '', '1'],
        ['Faixa saúde 1', 'Saúde', '', '', '1'],
        ['Faixa saúde 2', 'Saúde', '', '', '1'],
      ]),
    );
    const conf = await (
      await api(A.users.supervisor)
    )('POST', `/api/importacoes/${imp.id}/confirmar`, choices(analise));
    expect(conf.status, JSON.stringify(conf.body)).toBe(202);
    const { report } = await finish(A.users.supervisor, conf.body.job.id);
    expect(report?.numeros).toEqual({ first: `${YEAR}FI000001`, last: `${YEAR}SA000002` });
    expect((await assetsNamed('Faixa ')).map((r) => r.numero_patrimonio)).toEqual([
      `${YEAR}FI000001`,
      `${YEAR}SA000001`,
      `${YEAR}SA000002`,
    ]);
  });

  it('a usuario’s file naming a sector outside their scope, a new sector, place or type is refused per row; an admin’s creates them', async () => {
    const bytes = csv([
      ['Fora ok', 'Administração', '', '', '1'],
      ['Fora educação', 'Educação', '', '', '1'],
      ['Fora almoxarifado', 'Almoxarifado Novo', '', '', '1'],
      ['Fora local', 'Administração', 'Sala Nova', '', '1'],
      ['Fora tipo', 'Administração', '', 'Tipo Novo', '1'],
    ]);
    const { imp, analise } = await analysed(A.users.usuario, bytes);
    expect(analise).toMatchObject({ total: 5, valid: 1, errorCount: 4 });
    expect(analise.errors).toEqual([
      { line: 3, field: 'Setor', message: 'Você só pode cadastrar ou mover bens para os seus setores.' },
      { line: 4, field: 'Setor', message: 'Setor "Almoxarifado Novo" não encontrado.' },
      { line: 5, field: 'Local', message: 'Local "Sala Nova" não encontrado no setor "Administração".' },
      { line: 6, field: 'Tipo de bem', message: 'Tipo de bem "Tipo Novo" não encontrado.' },
    ]);
    const call = await api(A.users.usuario);
    const refused = await call('POST', `/api/importacoes/${imp.id}/confirmar`, choices(analise));
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(
      'O arquivo tem 4 erros. Corrija as linhas indicadas e envie o arquivo de novo.',
    );

    // A clean file of the usuario: 'criar' (even for a value that matched) is the admin's alone.
    const clean = await analysed(A.users.usuario, csv([['Criar não', 'Administração', '', '', '1']]));
    const body = choices(clean.analise);
    const noCreate = await call('POST', `/api/importacoes/${clean.imp.id}/confirmar`, {
      ...body,
      valueMapping: { ...body.valueMapping, setor: { Administração: { criar: true } } },
    });
    expect(noCreate.status).toBe(403);
    expect(noCreate.body.error.message).toBe(
      'Só um administrador pode criar setores, locais, tipos de bens e formas de aquisição pela importação.',
    );
    // Another sector's id chosen for the value: not one the usuario sees.
    const other = await call('POST', `/api/importacoes/${clean.imp.id}/confirmar`, {
      ...body,
      valueMapping: { ...body.valueMapping, setor: { Administração: { id: A.sectors.ED.id } } },
    });
    expect(other.status).toBe(422);
    expect(other.body.error.fields).toHaveProperty('valueMapping.setor');

    // The admin's analysis of the same file: clean, the new values to create.
    const adm = await analysed(A.users.admin, bytes);
    expect(adm.analise).toMatchObject({ total: 5, valid: 5, errorCount: 0 });
    const conf = await (
      await api(A.users.admin)
    )('POST', `/api/importacoes/${adm.imp.id}/confirmar`, choices(adm.analise));
    expect(conf.status, JSON.stringify(conf.body)).toBe(202);
    const { job, report } = await finish(A.users.admin, conf.body.job.id);
    expect(job.status, job.error ?? '').toBe('completed');
    expect(report).toMatchObject({ created: 5, generated: true, createdCatalogs: { setor: 1, local: 1, tipo: 1 } });
    const [novo] = await ownerQuery<{ code: string }>(
      s,
      `select code from sectors where municipality_id = $1 and name = 'Almoxarifado Novo'`,
      [A.id],
    );
    expect((await assetsNamed('Fora almoxarifado'))[0].numero_patrimonio).toBe(`${YEAR}${novo.code}000001`);
  });

  it('numbers kept from the file: the report’s range is in number order, not row order', async () => {
    const tag = `K${Date.now().toString(36).toUpperCase()}`;
    const bytes = Buffer.from(
      ['Nº;Descrição;Setor', `${tag}-10;Ordem a;Administração`, `${tag}-9;Ordem b;AD`, `${tag}-100;Ordem c;AD`].join(
        '\n',
      ),
    );
    const up = await upload(A.users.usuario, bytes);
    const imp = up.body.importacao as Importacao;
    const call = await api(A.users.usuario);
    const mapping = { numero: 0, descricao: 1, setor: 2 };
    const an = await call('POST', `/api/importacoes/${imp.id}/analise`, { mapping });
    expect(an.status, JSON.stringify(an.body)).toBe(202);
    expect((await waitJob(s, await A.users.usuario.token(), an.body.job.id)).status).toBe('completed');
    const conf = await call('POST', `/api/importacoes/${imp.id}/confirmar`, {
      mapping,
      valueMapping: { setor: { Administração: { id: A.sectors.AD.id }, AD: { id: A.sectors.AD.id } } },
    });
    expect(conf.status, JSON.stringify(conf.body)).toBe(202);
    const { report } = await finish(A.users.usuario, conf.body.job.id);
    expect(report).toMatchObject({ created: 3, generated: false, numeros: { first: `${tag}-9`, last: `${tag}-100` } });
  });

  it('numbers: a column or generated, not both, not neither (422)', async () => {
    const up = await upload(A.users.usuario, csv([['Mapa', 'Administração', '', '', '1']]));
    const id = (up.body.importacao as Importacao).id;
    const call = await api(A.users.usuario);
    const both = await call('POST', `/api/importacoes/${id}/analise`, {
      mapping: { ...MAPPING, numero: 4, valor: null },
      generateNumbers: true,
    });
    expect(both.status).toBe(422);
    expect(both.body.error.fields['mapping.numero']).toBe(
      'Os números serão gerados automaticamente: deixe o número de patrimônio sem coluna.',
    );
    const neither = await call('POST', `/api/importacoes/${id}/analise`, { mapping: MAPPING });
    expect(neither.status).toBe(422);
    expect(neither.body.error.fields['mapping.numero']).toBe('Escolha a coluna de "Nº Patrimônio (tombamento)".');
  });

  it('a visualizador gets 403; another municipality’s upload and another user’s upload are 404', async () => {
    const bytes = csv([['Alheio', 'Administração', '', '', '1']]);
    expect((await upload(A.users.visualizador, bytes)).status).toBe(403);
    const up = await upload(A.users.usuario, bytes);
    const id = (up.body.importacao as Importacao).id;
    const body = { mapping: MAPPING, generateNumbers: true };
    for (const who of [B.users.admin, B.users.usuario, A.users.supervisor]) {
      const call = await api(who);
      const got = await call('GET', `/api/importacoes/${id}`);
      expect(got.status).toBe(404);
      expect(got.body.error.message).toBe('Importação não encontrada.');
      expect((await call('POST', `/api/importacoes/${id}/analise`, body)).status).toBe(404);
      expect((await call('POST', `/api/importacoes/${id}/confirmar`, body)).status).toBe(404);
    }
    const viz = await api(A.users.visualizador);
    expect((await viz('GET', `/api/importacoes/${id}`)).status).toBe(403);
    // The municipality's admin sees every upload of it.
    expect((await (await api(A.users.admin))('GET', `/api/importacoes/${id}`)).status).toBe(200);
    const [row] = await ownerQuery<{ n: number }>(
      s,
      'select count(*)::int as n from patrimonios where descricao_bem = $1',
      ['Alheio'],
    );
    expect(row.n).toBe(0);
  });
});
