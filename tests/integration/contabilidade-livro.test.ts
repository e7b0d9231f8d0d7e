import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_LABELS,
  competenciaDe,
  isoDayOf,
  mesIndice,
  type ContaContabil,
  type LancamentosPagina,
} from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { cents, ledgerKit, saldos } from '../support/ledger';
import { startWorkerIfNeeded } from '../support/jobs';
import { newTenant, newTipoBem, ownerQuery, type TestTenant } from '../support/factories';
import { registrarBloqueios } from '../../server/src/modules/contabilidade';

// Issue 36, the ledger: the database refuses an entry that does not balance and any change to a written one; the
// opening balances equal the register; the close posts the month's depreciation per account pair with one partida
// per asset; a locked month refuses writes; reopening an open month reverses; the pull API never doubles an entry.

let s: TestServer;
let stopWorker: () => Promise<void>;
beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
}, 120_000);
afterAll(async () => {
  await stopWorker?.();
  await s?.close();
});

const hoje = isoDayOf(new Date());
const mesAtual = hoje.slice(0, 7);
const mesAnterior = competenciaDe(mesIndice(mesAtual) - 1);
const mmYYYY = (c: string) => `${c.slice(5)}/${c.slice(0, 4)}`;
const { api, fechar, bem, todos } = ledgerKit(() => s);

describe('the database proves balance and immutability', () => {
  let t: TestTenant;
  let conta: number;
  let contra: number;
  beforeAll(async () => {
    t = await newTenant(s);
    const contas = (await (await api(t))('GET', '/api/contabilidade/plano')).body.contas as ContaContabil[];
    conta = contas.find((c) => c.codigo === '1.2.3.1.1.99')!.id;
    contra = contas.find((c) => c.papel === 'saldo_abertura')!.id;
  });
  const inserir = (debito: number, credito: number) =>
    ownerQuery<{ id: string }>(
      s,
      `with l as (insert into lancamentos (municipality_id, fact_date, competencia, fact, description)
                  values ($1, $2::date, to_char($2::date, 'YYYY-MM'), 'correcao', 'teste') returning id)
       insert into partidas (municipality_id, lancamento_id, conta_id, debit, credit)
       select $1::int, l.id, $3::int, $5::bigint, 0 from l union all select $1::int, l.id, $4::int, 0, $6::bigint from l
       returning lancamento_id::text as id`,
      [t.id, hoje, conta, contra, debito, credito],
    );
  const contar = async () =>
    Number(
      (await ownerQuery<{ n: string }>(s, 'select count(*) n from lancamentos where municipality_id = $1', [t.id]))[0]
        .n,
    );

  it('an entry whose debits differ from its credits never reaches the database', async () => {
    await expect(inserir(10000, 9999)).rejects.toThrow(/não fecha/);
    await expect(inserir(0, 0)).rejects.toThrow(/partidas_one_side_ck/);
    expect(await contar()).toBe(0);
    const [ok] = await inserir(10000, 10000);
    expect(await contar()).toBe(1);
    // A written entry takes no more partidas, balanced or not.
    await expect(
      ownerQuery(
        s,
        `insert into partidas (municipality_id, lancamento_id, conta_id, debit, credit)
         values ($1, $2, $3, 5, 0), ($1, $2, $4, 0, 5)`,
        [t.id, ok.id, conta, contra],
      ),
    ).rejects.toThrow(/já gravado/);
  });

  it('written entries and partidas cannot be changed or deleted', async () => {
    await expect(
      ownerQuery(s, `update lancamentos set description = 'x' where municipality_id = $1`, [t.id]),
    ).rejects.toThrow(/não podem ser alterados/);
    await expect(ownerQuery(s, `delete from partidas where municipality_id = $1`, [t.id])).rejects.toThrow(
      /não podem ser alterados/,
    );
    expect(await contar()).toBe(1);
  });
});

describe('opening balances, the close, the lock and the pull', () => {
  let t: TestTenant;
  let contas: ContaContabil[];
  const ids: number[] = [];
  beforeAll(async () => {
    t = await newTenant(s);
    const info = await newTipoBem(s, t.id, { name: 'Equipamentos de processamento de dados', usefulLifeMonths: 60 });
    const movel = await newTipoBem(s, t.id, { name: 'Mobiliário em geral', usefulLifeMonths: 120 });
    ids.push((await bem(t, { valor: '6000.00', tipoId: info.id, entrada: '2024-06-10' })).id);
    ids.push((await bem(t, { valor: '1200.00', tipoId: info.id, entrada: '2024-07-01' })).id);
    ids.push((await bem(t, { valor: '2400.00', tipoId: movel.id, entrada: '2024-05-20', vida: 120 })).id);
    ids.push((await bem(t, { valor: '999.99', tipoId: null, entrada: '2024-08-02', vida: 36 })).id);
    contas = (await (await api(t))('GET', '/api/contabilidade/plano')).body.contas;
    await fechar(t, '2025-01');
  }, 120_000);

  it("the first close opens the ledger on its month's first day: one abertura per account group, per asset", async () => {
    const ls = await todos(t);
    const abertura = ls.filter((l) => l.fato === 'abertura');
    expect(abertura.map((l) => l.data)).toEqual(abertura.map(() => '2025-01-01'));
    const s0 = saldos(abertura);
    // The tenant's own asset (R$ 100,00, no type) and the R$ 999,99 one are in 'demais'.
    expect(s0['1.2.3.1.1.02']).toBe(720000);
    expect(s0['1.2.3.1.1.03']).toBe(240000);
    expect(s0['1.2.3.1.1.99']).toBe(109999);
    // The depreciation of 2024 (before the ledger) is in the opening, against the equity counterpart.
    const antes = s0['1.2.3.8.1.01'];
    expect(antes).toBeLessThan(0);
    const contra = contas.find((c) => c.papel === 'saldo_abertura')!.codigo;
    expect(s0[contra]).toBe(-(720000 + 240000 + 109999) - antes);
    const porBem = abertura.flatMap((l) => l.partidas).filter((p) => p.contaCorrente?.startsWith('T-'));
    // Five gross values, and the accumulated depreciation of the four depreciating since 2024.
    expect(porBem.filter((p) => p.debito !== '0.00')).toHaveLength(5);
    expect(porBem.filter((p) => p.conta.codigo === '1.2.3.8.1.01')).toHaveLength(4);
    const config = (await (await api(t))('GET', '/api/contabilidade/config')).body.config;
    expect(config.inicio).toBe('2025-01-01');
  });

  it("after the first close, each asset's accumulated depreciation in the ledger is the register's", async () => {
    const ls = (await todos(t)).filter((l) => l.fato === 'abertura' || l.fato === 'depreciacao');
    const a = await api(t);
    for (const id of ids) {
      const d = (await a('GET', `/api/depreciacao/patrimonios/${id}`)).body;
      const mes = d.cronograma.find((m: { competencia: string }) => m.competencia === '2025-01');
      const numero: string = (await a('GET', `/api/patrimonios/${id}`)).body.patrimonio.numero_patrimonio;
      const linhas = ls
        .flatMap((l) => l.partidas)
        .filter((p) => p.conta.codigo === '1.2.3.8.1.01' && p.contaCorrente?.startsWith(`${numero} `));
      const acumulada = linhas.reduce((sum, p) => sum + cents(p.credito) - cents(p.debito), 0);
      expect(acumulada, numero).toBe(cents(mes.acumulada));
    }
  });

  it("the close posts one entry per account pair, one credit per asset; totals equal the depreciation API's", async () => {
    const ls = (await todos(t)).filter((l) => l.fato === 'depreciacao');
    expect(ls.map((l) => l.data)).toEqual(ls.map(() => '2025-01-31'));
    // Both movable types and assets without a type share (1.2.3.8.1.01, 3.3.3.1.1.01): one entry.
    expect(ls).toHaveLength(1);
    const [l] = ls;
    const a = await api(t);
    let soma = 0;
    for (const id of ids) {
      const d = (await a('GET', `/api/depreciacao/patrimonios/${id}`)).body;
      const mes = d.cronograma.find((m: { competencia: string }) => m.competencia === '2025-01');
      const credito = l.partidas.filter((p) => p.conta.codigo === '1.2.3.8.1.01' && p.credito !== '0.00');
      const numero: string = (await a('GET', `/api/patrimonios/${id}`)).body.patrimonio.numero_patrimonio;
      const doBem = credito.filter((p) => p.contaCorrente?.startsWith(`${numero} `));
      soma += cents(mes.quota);
      expect(doBem.map((p) => p.credito)).toEqual(cents(mes.quota) > 0 ? [mes.quota] : []);
    }
    const fech = (await a('GET', '/api/depreciacao/fechamentos')).body.fechamentos[0];
    expect(cents(fech.totalQuota)).toBe(soma);
    const s1 = saldos([l]);
    expect(s1['3.3.3.1.1.01']).toBe(soma);
    expect(s1['1.2.3.8.1.01']).toBe(-soma);
    expect(l.partidas.filter((p) => p.conta.codigo === '1.2.3.8.1.01')).toHaveLength(4);
    const quotas = await ownerQuery<{ q: string }>(
      s,
      `select sum(quota)::text q from depreciacao_lancamentos where municipality_id = $1 and competencia = '2025-01'`,
      [t.id],
    );
    expect(cents(quotas[0].q)).toBe(soma);
  });

  it('a locked month refuses reopening with the accounting message; nothing changes', async () => {
    const antes = (await todos(t)).length;
    const r = await (await api(t))('DELETE', '/api/depreciacao/fechamentos/2025-01');
    expect(r.status).toBe(409);
    expect(r.body.error.message).toBe(
      'O mês 01/2025 está encerrado na contabilidade. Registre um estorno no mês aberto.',
    );
    expect((await todos(t)).length).toBe(antes);
  });

  it('the lock is in the activity log: one row the day after the deadline, never twice, only in its municipality', async () => {
    const linhas = async (m: number) =>
      ownerQuery<{ entity_id: string; user_id: number | null; details: string }>(
        s,
        `select entity_id, user_id, details from audit_logs where municipality_id = $1
           and action = 'CONTABILIDADE_MES_BLOQUEADO' order by entity_id`,
        [m],
      );
    const outro = await newTenant(s);
    // 01/2025 locks after 25/02/2025 (the default deadline): on the 25th nothing, on the 26th its row.
    await registrarBloqueios(s.ctx, new Date('2025-02-25T15:00:00-03:00'));
    expect((await linhas(t.id)).filter((l) => l.entity_id === '2025-01')).toEqual([]);
    await registrarBloqueios(s.ctx, new Date('2025-02-26T00:30:00-03:00'));
    await registrarBloqueios(s.ctx);
    const rows = (await linhas(t.id)).filter((l) => l.entity_id === '2025-01');
    expect(rows).toHaveLength(1);
    expect(rows[0].user_id).toBeNull();
    expect(JSON.parse(rows[0].details)).toEqual({ new_value: { competencia: '2025-01', prazo: '2025-02-25' } });
    expect(await linhas(outro.id)).toEqual([]);
    const log = await (await api(t))('GET', '/api/audit-logs?action=CONTABILIDADE_MES_BLOQUEADO');
    expect(log.status).toBe(200);
    expect(log.body.logs).toEqual([
      expect.objectContaining({ action: 'CONTABILIDADE_MES_BLOQUEADO', entityLabel: '01/2025', userName: null }),
    ]);
    expect(AUDIT_ACTION_LABELS.CONTABILIDADE_MES_BLOQUEADO).toBe('Mês encerrado na contabilidade (prazo atingido)');
  });

  it('the pull: pages never double or skip, a repeat pull gives the same entries, cursors are checked', async () => {
    const all = await todos(t);
    const byOne = await todos(t, '', 1);
    expect(byOne.map((l) => l.id)).toEqual(all.map((l) => l.id));
    expect(new Set(all.map((l) => l.id)).size).toBe(all.length);
    const a = await api(t);
    const first = (await a('GET', '/api/contabilidade/lancamentos?limit=1')).body as LancamentosPagina;
    const again1 = (await a('GET', `/api/contabilidade/lancamentos?limit=2&cursor=${first.cursor}`)).body;
    const again2 = (await a('GET', `/api/contabilidade/lancamentos?limit=2&cursor=${first.cursor}`)).body;
    expect(again2).toEqual(again1);
    expect(again1.lancamentos[0].id).toBe(all[1].id);
    const end = (await a('GET', `/api/contabilidade/lancamentos?cursor=${again1.cursor}&limit=1000`)).body;
    const fim = (await a('GET', `/api/contabilidade/lancamentos?cursor=${end.cursor}`)).body;
    expect(fim).toEqual({ lancamentos: [], cursor: end.cursor });
    const outro = await newTenant(s);
    expect((await (await api(outro))('GET', `/api/contabilidade/lancamentos?cursor=${first.cursor}`)).status).toBe(404);
    const lixo = await a('GET', '/api/contabilidade/lancamentos?cursor=%25%25lixo');
    expect(lixo.status).toBe(400);
    expect(lixo.body.error.message).toBe('Cursor inválido: use o cursor devolvido pela consulta anterior.');
    expect(
      (await a('GET', `/api/contabilidade/lancamentos?cursor=${Buffer.from('x').toString('base64url')}`)).status,
    ).toBe(400);
    // Filters: by period and by asset.
    const jan = await todos(t, '&de=2025-01-02&ate=2025-01-31');
    expect(jan.map((l) => l.fato)).toEqual(['depreciacao']);
    const inicio = await todos(t, '&de=2025-01-01&ate=2025-01-01');
    expect(new Set(inicio.map((l) => l.fato))).toEqual(new Set(['abertura']));
    const doBem = await todos(t, `&patrimonioId=${ids[0]}`);
    expect(doBem.flatMap((l) => l.partidas).every((p) => p.contaCorrente?.startsWith('T-'))).toBe(true);
    expect(doBem.map((l) => l.fato).sort()).toEqual(['abertura', 'depreciacao']);
  });

  it('CSV: text/csv, pt-BR (;, decimal commas, dd/MM/yyyy), versioned layout, the next cursor in X-Cursor', async () => {
    const res = await fetch(`${s.url}/api/contabilidade/lancamentos?formato=csv&de=2025-01-02&ate=2025-01-31`, {
      headers: { Authorization: `Bearer ${await t.users.admin.token()}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('x-cursor')).toMatch(/^[A-Za-z0-9_-]+$/);
    const linhas = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(linhas[0]).toBe(
      'layout;id;data;fato;historico;estorno_de;estornado_por;patrimonio_id;numero;processo;nota_fiscal;empenho;conta_codigo;conta_nome;debito;credito;conta_corrente',
    );
    expect(linhas).toHaveLength(1 + 5);
    const campos = linhas[1].split(';');
    expect(campos[0]).toBe('tombo-lancamentos-v1');
    expect(campos[2]).toBe('31/01/2025');
    expect(campos[14]).toMatch(/^\d+,\d{2}$/);
  });

  it('an asset with entries cannot be deleted: 409 in pt-BR, the asset stays', async () => {
    const r = await (await api(t))('DELETE', `/api/patrimonios/${ids[3]}`);
    expect(r.status).toBe(409);
    expect(r.body.error.message).toContain('tem lançamentos contábeis');
    expect(await ownerQuery(s, 'select id from patrimonios where id = $1', [ids[3]])).toHaveLength(1);
  });
});

describe('the close refuses what it cannot post', () => {
  it('an unmapped asset type: 409 listing it; the current month: 409 with the day it can be closed', async () => {
    const t = await newTenant(s);
    const tipo = await newTipoBem(s, t.id, { name: 'Drones de vigilância', usefulLifeMonths: 60 });
    await ownerQuery(
      s,
      `update tipos_bens set gross_conta_id = null, accumulated_conta_id = null, impairment_conta_id = null,
         expense_conta_id = null where id = $1`,
      [tipo.id],
    );
    await bem(t, { valor: '5000.00', tipoId: tipo.id, entrada: '2024-01-10' });
    const a = await api(t);
    const r = await a('POST', '/api/depreciacao/fechamentos', { competencia: '2024-02' });
    expect(r.status).toBe(409);
    expect(r.body.error.message).toBe(
      'Associe as contas contábeis antes de fechar o mês. Tipos de bem sem contas: Drones de vigilância.',
    );
    const agora = await a('POST', '/api/depreciacao/fechamentos', { competencia: mesAtual });
    expect(agora.status).toBe(409);
    expect(agora.body.error.message).toBe(
      `O mês ${mmYYYY(mesAtual)} ainda não terminou: ele pode ser fechado a partir de 01/${mmYYYY(competenciaDe(mesIndice(mesAtual) + 1))}.`,
    );
    expect(await ownerQuery(s, 'select id from lancamentos where municipality_id = $1', [t.id])).toEqual([]);
  });
});

describe('reopening an open month reverses its entries', () => {
  it('the reversal mirrors every partida, points at the original, and a new close posts again', async () => {
    const t = await newTenant(s);
    await bem(t, { valor: '3600.00', entrada: '2024-01-10', vida: 36 });
    // Day 31 (the month's last day when shorter): last month stays open until this month ends.
    const a = await api(t);
    const cfg = (await a('GET', '/api/contabilidade/config')).body.config;
    expect((await a('PUT', '/api/contabilidade/config', { prazoDia: 31, version: cfg.version })).status).toBe(200);
    await fechar(t, mesAnterior);
    const [orig] = (await todos(t)).filter((l) => l.fato === 'depreciacao');
    expect(orig.partidas.length).toBe(2);
    const r = await a('DELETE', `/api/depreciacao/fechamentos/${mesAnterior}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const depois = await todos(t);
    const marcado = depois.find((l) => l.id === orig.id)!;
    const estorno = depois.find((l) => l.estornoDe === orig.id)!;
    expect(marcado.estornadoPor).toBe(estorno.id);
    expect(estorno.fato).toBe('estorno');
    expect(estorno.data).toBe(orig.data);
    expect(estorno.partidas.map((p) => [p.conta.codigo, p.debito, p.credito, p.contaCorrente])).toEqual(
      orig.partidas.map((p) => [p.conta.codigo, p.credito, p.debito, p.contaCorrente]),
    );
    const net = saldos(depois.filter((l) => l.fato !== 'abertura'));
    expect(Object.values(net).every((v) => v === 0)).toBe(true);
    await fechar(t, mesAnterior);
    const novas = (await todos(t)).filter((l) => l.fato === 'depreciacao' && l.estornadoPor === null);
    expect(novas).toHaveLength(1);
    expect(novas[0].partidas.map((p) => p.credito)).toEqual(orig.partidas.map((p) => p.credito));
    const audit = await ownerQuery<{ action: string; details: string }>(
      s,
      `select action, details::text from audit_logs where municipality_id = $1 and entity_type = 'DepreciacaoFechamento'`,
      [t.id],
    );
    expect(audit.map((x) => x.action)).toEqual(expect.arrayContaining(['DEPRECIACAO_REABERTURA']));
    expect(audit.find((x) => x.action === 'DEPRECIACAO_FECHAMENTO_CONCLUIDO')!.details).toContain(
      'bloqueioContabilApos',
    );
  });
});
