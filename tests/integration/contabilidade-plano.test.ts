import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTAS_MOVEIS_PADRAO,
  PLANO_CONTAS_PADRAO,
  TABELA_STN_TIPOS_BENS,
  contaAtivoDoTipo,
  type ContaContabil,
  type TipoBem,
} from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newTenant, newTipoBem, ownerQuery, type TestTenant } from '../support/factories';

// Issue 36, the chart and its mapping: every municipality starts with the default chart (the same rows as
// shared PLANO_CONTAS_PADRAO), asset types map to accounts by name, and the accountant edits both.

let s: TestServer;
let t: TestTenant;
beforeAll(async () => {
  s = await startTestServer();
  t = await newTenant(s);
}, 120_000);
afterAll(async () => {
  await s?.close();
});

const api = async (role: 'admin' | 'supervisor' | 'usuario' | 'visualizador' = 'admin', tenant = t) =>
  client(s.url, await tenant.users[role].token());

const plano = async (tenant = t) =>
  (await (await api('admin', tenant))('GET', '/api/contabilidade/plano')).body.contas as ContaContabil[];
const idDe = async (codigo: string, tenant = t) => (await plano(tenant)).find((c) => c.codigo === codigo)!.id;

describe('the default chart', () => {
  it('a new municipality has exactly PLANO_CONTAS_PADRAO, in code order, every role of ACCOUNTING.md', async () => {
    const contas = await plano();
    expect(contas.map(({ codigo, nome, papel }) => ({ codigo, nome, papel }))).toEqual(
      [...PLANO_CONTAS_PADRAO].sort((a, b) => a.codigo.localeCompare(b.codigo)),
    );
    expect(contas.length).toBeGreaterThanOrEqual(27);
  });

  it('the federal table of asset types maps by name (informática .02, veículos .05, mobiliário .03, else …)', async () => {
    const m = await ownerQuery<{ id: number }>(
      s,
      `insert into municipalities (name, slug) values ($1, $1) returning id`,
      [`contab-${Date.now()}`],
    );
    for (const x of TABELA_STN_TIPOS_BENS)
      await ownerQuery(s, 'insert into tipos_bens (municipality_id, name) values ($1, $2)', [m[0].id, x.name]);
    const rows = await ownerQuery<{ name: string; g: string; a: string; i: string; e: string }>(
      s,
      `select t.name, g.code g, a.code a, i.code i, e.code e from tipos_bens t
        join contas_contabeis g on g.id = t.gross_conta_id join contas_contabeis a on a.id = t.accumulated_conta_id
        join contas_contabeis i on i.id = t.impairment_conta_id join contas_contabeis e on e.id = t.expense_conta_id
       where t.municipality_id = $1`,
      [m[0].id],
    );
    expect(rows).toHaveLength(TABELA_STN_TIPOS_BENS.length);
    for (const r of rows) {
      expect(r.g, r.name).toBe(contaAtivoDoTipo(r.name));
      expect([r.a, r.i, r.e]).toEqual([
        CONTAS_MOVEIS_PADRAO.depreciacaoAcumulada,
        CONTAS_MOVEIS_PADRAO.reducaoValorRecuperavel,
        CONTAS_MOVEIS_PADRAO.vpdDepreciacao,
      ]);
    }
    const por = Object.fromEntries(rows.map((r) => [r.name, r.g]));
    expect(por['Equipamentos de processamento de dados']).toBe('1.2.3.1.1.02');
    expect(por['Veículos de tração mecânica']).toBe('1.2.3.1.1.05');
    expect(por['Mobiliário em geral']).toBe('1.2.3.1.1.03');
    expect(por['Terrenos']).toBe('1.2.3.1.1.99');
  });
});

describe('editing the chart', () => {
  it('creates an account (201), refuses a taken code (409) and a bad code (400); supervisor reads, cannot write', async () => {
    const a = await api();
    const r = await a('POST', '/api/contabilidade/plano', {
      codigo: '1.2.3.1.1.06',
      nome: 'Bens de uso escolar',
      papel: 'ativo',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.conta).toMatchObject({
      codigo: '1.2.3.1.1.06',
      nome: 'Bens de uso escolar',
      papel: 'ativo',
      version: 0,
    });
    const dup = await a('POST', '/api/contabilidade/plano', { codigo: '1.2.3.1.1.06', nome: 'Outra', papel: 'ativo' });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe('Já existe uma conta com este código no plano.');
    expect((await a('POST', '/api/contabilidade/plano', { codigo: '1.2.x', nome: 'X', papel: 'ativo' })).status).toBe(
      400,
    );
    const sup = await api('supervisor');
    expect((await sup('GET', '/api/contabilidade/plano')).status).toBe(200);
    expect((await sup('POST', '/api/contabilidade/plano', { codigo: '9', nome: 'X', papel: 'ativo' })).status).toBe(
      403,
    );
    expect((await (await api('usuario'))('GET', '/api/contabilidade/plano')).status).toBe(403);
  });

  it('updates with the version read; a stale version is 409 and changes nothing', async () => {
    const a = await api();
    const id = await idDe('1.2.3.1.1.99');
    const ok = await a('PUT', `/api/contabilidade/plano/${id}`, { nome: 'Outros bens móveis', version: 0 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.conta).toMatchObject({ id, nome: 'Outros bens móveis', version: 1 });
    const stale = await a('PUT', `/api/contabilidade/plano/${id}`, { nome: 'Errado', version: 0 });
    expect(stale.status).toBe(409);
    expect((await plano()).find((c) => c.id === id)!.nome).toBe('Outros bens móveis');
    const outro = await newTenant(s);
    expect(
      (await (await api('admin', outro))('PUT', `/api/contabilidade/plano/${id}`, { nome: 'X', version: 1 })).status,
    ).toBe(404);
  });
});

describe('mapping asset types and properties', () => {
  it('an asset type returns its accounts; the update body changes them (role checked, another municipality 400)', async () => {
    const tipo = await newTipoBem(s, t.id, { name: 'Computadores de mesa' });
    const a = await api();
    const lista = (await a('GET', '/api/tipos-bens')).body.tiposBens as TipoBem[];
    const visto = lista.find((x) => x.id === tipo.id)!;
    expect(visto.contas).toEqual({
      ativo: await idDe('1.2.3.1.1.99'),
      depreciacaoAcumulada: await idDe('1.2.3.8.1.01'),
      reducaoValorRecuperavel: await idDe('1.2.3.9.1.01'),
      vpdDepreciacao: await idDe('3.3.3.1.1.01'),
    });
    const contas = { ...visto.contas, ativo: await idDe('1.2.3.1.1.02') };
    const r = await a('PUT', `/api/tipos-bens/${tipo.id}`, { contas, version: visto.version });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.contas).toEqual(contas);
    // An account of another role, or of another municipality, is refused.
    const errado = await a('PUT', `/api/tipos-bens/${tipo.id}`, {
      contas: { ...contas, ativo: await idDe('3.3.3.1.1.01') },
      version: r.body.version,
    });
    expect(errado.status).toBe(400);
    expect(errado.body.error.fields['contas.ativo']).toContain('deve ter o papel');
    const outro = await newTenant(s);
    const alheia = await a('PUT', `/api/tipos-bens/${tipo.id}`, {
      contas: { ...contas, ativo: await idDe('1.2.3.1.1.02', outro) },
      version: r.body.version,
    });
    expect(alheia.status).toBe(400);
    // The supervisor manages the catalogue but not its accounts.
    const sup = await (
      await api('supervisor')
    )('PUT', `/api/tipos-bens/${tipo.id}`, { contas, version: r.body.version });
    expect(sup.status).toBe(403);
  });

  it('properties map by tenure: GET lists the five, PUT changes one (409 when stale)', async () => {
    const a = await api();
    const lista = (await a('GET', '/api/contabilidade/contas-imoveis')).body.contasImoveis;
    expect(lista.map((x: { situacao: string }) => x.situacao).sort()).toEqual([
      'alugado',
      'cedido',
      'comodato',
      'desapropriado',
      'proprio',
    ]);
    const proprio = lista.find((x: { situacao: string }) => x.situacao === 'proprio');
    expect(proprio.contas.ativo).toBe(await idDe('1.2.3.2.1.01'));
    const contas = { ...proprio.contas, ativo: await idDe('1.2.3.2.1.02') };
    const r = await a('PUT', '/api/contabilidade/contas-imoveis/proprio', { contas, version: proprio.version });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.contasImovel).toMatchObject({ situacao: 'proprio', contas, version: proprio.version + 1 });
    expect(
      (await a('PUT', '/api/contabilidade/contas-imoveis/proprio', { contas, version: proprio.version })).status,
    ).toBe(409);
    expect((await a('PUT', '/api/contabilidade/contas-imoveis/castelo', { contas, version: 0 })).status).toBe(400);
  });
});

describe('the accounting settings', () => {
  it('defaults: day 25, purchases posted by the accounting system; PUT changes them with the version', async () => {
    const a = await api();
    const { config } = (await a('GET', '/api/contabilidade/config')).body;
    expect(config).toMatchObject({ prazoDia: 25, incorporacaoCompra: 'contabilidade', version: 0 });
    expect(config.contaTransitoriaId).toBe(await idDe('1.2.3.1.1.97'));
    const r = await a('PUT', '/api/contabilidade/config', {
      prazoDia: 20,
      incorporacaoCompra: 'transitoria',
      version: 0,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.config).toMatchObject({ prazoDia: 20, incorporacaoCompra: 'transitoria', version: 1 });
    expect((await a('PUT', '/api/contabilidade/config', { prazoDia: 10, version: 0 })).status).toBe(409);
    expect((await a('PUT', '/api/contabilidade/config', { prazoDia: 32, version: 1 })).status).toBe(400);
    const semConta = await a('PUT', '/api/contabilidade/config', { contaTransitoriaId: null, version: 1 });
    expect(semConta.status).toBe(400);
    expect(semConta.body.error.message).toBe('Informe a conta transitória para as incorporações por compra.');
    const audit = await ownerQuery<{ action: string }>(
      s,
      `select action from audit_logs where municipality_id = $1 and action like 'CONT%'`,
      [t.id],
    );
    expect(audit.map((x) => x.action)).toEqual(
      expect.arrayContaining(['CONTA_CONTABIL_CREATE', 'CONTA_CONTABIL_UPDATE', 'CONTABILIDADE_CONFIG_UPDATE']),
    );
  });
});
