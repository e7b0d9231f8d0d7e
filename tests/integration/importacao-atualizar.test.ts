import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';
import { startWorkerIfNeeded } from '../support/jobs';
import { newTown, ownerQuery, type TestTown } from '../support/factories';
import { api, chooseAll, confirmAndWait, uploadAndAnalyse } from './importacao-flow';

// Issue 35.4: re-importing a file whose numbers exist updates those assets by the chosen key, with a
// preview (asset, field: old → new) before confirming; without choosing it, existing numbers are refused.

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

const csv = (rows: string[]) =>
  Buffer.from(['Tombamento;Descrição;Lotação;Valor de aquisição;Situação', ...rows].join('\n'));

describe('re-import updates', () => {
  it('previews and applies the changes by número do patrimônio, with history and activity-log entries', async () => {
    const admin = A.users.admin;
    const first = await uploadAndAnalyse(
      s,
      admin,
      csv(['U-1;Mesa;Administração;100,00;ATIVO', 'U-2;Cadeira;Administração;50,00;ATIVO']),
      'v1.csv',
    );
    await confirmAndWait(s, admin, first.imp.id, { ...first.body, valueMapping: chooseAll(first.analise) });
    const v2 = csv([
      'U-1;Mesa de reunião;Administração;120,50;ATIVO',
      'U-2;Cadeira;Administração;50,00;ATIVO',
      'U-3;Estante;Administração;10,00;BAIXADO',
    ]);

    // Without choosing the update: the taken numbers are errors, as before, and confirm is refused.
    const plain = await uploadAndAnalyse(s, admin, v2, 'v2.csv');
    expect(plain.analise).toMatchObject({ errorCount: 2, duplicates: 2 });
    const refused = await (
      await api(s, admin)
    )('POST', `/api/importacoes/${plain.imp.id}/confirmar`, {
      ...plain.body,
      valueMapping: chooseAll(plain.analise),
    });
    expect(refused.status).toBe(422);

    // With it: no error, and the preview says what changes.
    const upd = await uploadAndAnalyse(s, admin, v2, 'v2.csv', { atualizar: 'numero' });
    expect(upd.analise).toMatchObject({ errorCount: 0, duplicates: 2 });
    expect(upd.analise.atualizacoes).toEqual({
      count: 2,
      unchanged: 1,
      items: [
        {
          numero: 'U-1',
          line: 2,
          changes: [
            { field: 'descricao', label: 'Descrição', old: 'Mesa', new: 'Mesa de reunião' },
            { field: 'valor', label: 'Valor de aquisição', old: 'R$ 100,00', new: 'R$ 120,50' },
          ],
        },
      ],
    });
    // Confirming needs the analysis of the same choice.
    const mismatch = await (
      await api(s, admin)
    )('POST', `/api/importacoes/${upd.imp.id}/confirmar`, {
      ...upd.body,
      atualizar: null,
      valueMapping: chooseAll(upd.analise),
    });
    expect(mismatch.status).toBe(422);
    const { report } = await confirmAndWait(s, admin, upd.imp.id, {
      ...upd.body,
      valueMapping: chooseAll(upd.analise),
    });
    expect(report).toMatchObject({ created: 1, updated: 1, numeros: { first: 'U-3', last: 'U-3' } });
    const rows = await ownerQuery<{ n: string; d: string; v: string; version: number; status: string }>(
      s,
      `select numero_patrimonio as n, descricao_bem as d, valor_aquisicao as v, version, status from patrimonios
        where municipality_id = $1 order by numero_patrimonio`,
      [A.id],
    );
    expect(rows).toEqual([
      { n: 'U-1', d: 'Mesa de reunião', v: '120.50', version: 1, status: 'ativo' },
      { n: 'U-2', d: 'Cadeira', v: '50.00', version: 0, status: 'ativo' },
      { n: 'U-3', d: 'Estante', v: '10.00', version: 0, status: 'baixado' },
    ]);
    const log = await ownerQuery<{ action: string; label: string; details: string }>(
      s,
      `select action, entity_label as label, details::text as details from audit_logs where municipality_id = $1 and action = 'PATRIMONIO_UPDATE'`,
      [A.id],
    );
    expect(log).toHaveLength(1);
    expect(log[0].label).toBe('U-1');
    expect(log[0].details).toContain('Mesa de reunião');
    const hist = await ownerQuery<{ details: string }>(
      s,
      `select h.details from patrimonio_historico h join patrimonios p on p.id = h.patrimonio_id
        where p.municipality_id = $1 and p.numero_patrimonio = 'U-1' and h.action = 'Alteração'`,
      [A.id],
    );
    expect(hist[0].details).toContain('Descrição: Mesa → Mesa de reunião');
  });
});
