import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Importacao } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { startWorkerIfNeeded } from '../support/jobs';
import {
  newFormaAquisicao,
  newTenant,
  newTipoBem,
  newTown,
  ownerQuery,
  type TestTenant,
  type TestTown,
} from '../support/factories';
import { api, chooseAll, confirmAndWait, realRegister, upload, uploadAndAnalyse } from './importacao-flow';

// Issue 35.3: what the file lacks is filled in (a default per field where a row has no value), and a
// headerless export (e-Cidade) gets its mapping from the values, never creating a sector named "1773" unasked.

let s: TestServer;
let A: TestTown;
let B: TestTenant;
let stopWorker: () => Promise<void> = async () => undefined;

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

describe('defaults and headerless files', () => {
  it('a default type, form, place, status and state fill the rows without a value; a default of another municipality is 422', async () => {
    const admin = A.users.admin;
    const tipo = await newTipoBem(s, A.id, { name: 'Mobiliário' });
    const forma = await newFormaAquisicao(s, A.id, { nome: 'Doação recebida' });
    const otherTipo = await newTipoBem(s, B.id, { name: 'Outro' });
    const [sector] = Object.values(A.sectors);
    const local = sector.locais[0];
    const bytes = Buffer.from(
      ['Tombamento;Descrição;Lotação;Tipo', `D-1;Mesa;${sector.name};`, `D-2;Cadeira;${sector.name};Mobiliário`].join(
        '\n',
      ),
    );
    const { imp, analise, body } = await uploadAndAnalyse(s, admin, bytes, 'padroes.csv');
    const confirm = { ...body, valueMapping: chooseAll(analise) };
    const bad = await (
      await api(s, admin)
    )('POST', `/api/importacoes/${imp.id}/confirmar`, {
      ...confirm,
      defaults: { tipo: otherTipo.id },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual({ 'defaults.tipo': 'O valor padrão de Tipo de bem não existe.' });
    await confirmAndWait(s, admin, imp.id, {
      ...confirm,
      defaults: { tipo: tipo.id, forma: forma.id, local: local.id, status: 'ocioso', estado: 'bom' },
    });
    const rows = await ownerQuery(
      s,
      `select numero_patrimonio, tipo_nome, forma_nome, local_nome, status, estado_conservacao from patrimonios
        where municipality_id = $1 order by numero_patrimonio`,
      [A.id],
    );
    expect(rows).toEqual([
      {
        numero_patrimonio: 'D-1',
        tipo_nome: 'Mobiliário',
        forma_nome: 'Doação recebida',
        local_nome: local.name,
        status: 'ocioso',
        estado_conservacao: 'bom',
      },
      {
        numero_patrimonio: 'D-2',
        tipo_nome: 'Mobiliário',
        forma_nome: 'Doação recebida',
        local_nome: local.name,
        status: 'ocioso',
        estado_conservacao: 'bom',
      },
    ]);
  });

  it('the e-Cidade export (no header, `|`): mapping suggested from the values; sector code 1773 needs a sector or a name', async () => {
    const admin = A.users.admin;
    const up = await upload(s, admin, realRegister('ecidade-voltaredonda-bens-head497.txt'), 'bens.txt');
    expect(up.status).toBe(201);
    const imp = up.body.importacao as Importacao;
    expect(imp).toMatchObject({ hasHeader: false, separator: '|' });
    expect(imp.suggestedMapping).toMatchObject({ numero: 0, descricao: 1, setor: 2, data: 3, valor: 4 });
    const call = await api(s, admin);
    const sectorsBefore = await ownerQuery(s, 'select count(*)::int as n from sectors where municipality_id = $1', [
      A.id,
    ]);
    // 'criar' alone for a code: refused, nothing created.
    const again = await uploadAndAnalyse(s, admin, realRegister('ecidade-voltaredonda-bens-head497.txt'), 'bens.txt');
    expect(again.analise).toMatchObject({ total: 497, errorCount: 0 });
    expect(again.analise.distinct.setor).toEqual([{ value: '1773', count: 497, match: null }]);
    const refused = await call('POST', `/api/importacoes/${again.imp.id}/confirmar`, {
      ...again.body,
      valueMapping: chooseAll(again.analise),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(
      '"1773" parece um código, não um nome de setor: escolha o setor existente ou confirme a criação.',
    );
    expect(await ownerQuery(s, 'select count(*)::int as n from sectors where municipality_id = $1', [A.id])).toEqual(
      sectorsBefore,
    );
    // Matched to an existing sector: imported there.
    const [sector] = Object.values(A.sectors);
    const vm = chooseAll(again.analise);
    const { report } = await confirmAndWait(s, admin, again.imp.id, {
      ...again.body,
      valueMapping: { ...vm, setor: { '1773': { id: sector.id } } },
    });
    expect(report.created).toBe(497);
    const where = await ownerQuery<{ setor_nome: string; n: number }>(
      s,
      `select setor_nome, count(*)::int as n from patrimonios where municipality_id = $1 and numero_patrimonio ~ '^[0-9]+$' group by 1`,
      [A.id],
    );
    expect(where).toEqual([{ setor_nome: sector.name, n: 497 }]);
    expect(await ownerQuery(s, `select 1 from sectors where municipality_id = $1 and name = '1773'`, [A.id])).toEqual(
      [],
    );
  });
});
