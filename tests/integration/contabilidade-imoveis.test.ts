import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competenciaDe, isoDayOf, mesIndice, type LancamentoContabil, type Rmb } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { startWorkerIfNeeded } from '../support/jobs';
import { newFormaAquisicao, newTenant, newTipoBem, ownerQuery, type TestTenant } from '../support/factories';
import { cents, ledgerKit, saldos } from '../support/ledger';

// Issue 36, properties (imóveis) in the ledger: the opening takes the properties of tenures with an asset account at
// their acquisition value; a property registered after the opening is incorporated against its origin's account;
// a rented one (no account) posts nothing; deleting a property the ledger holds reverses its balance first.

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
const mesAnterior = competenciaDe(mesIndice(hoje.slice(0, 7)) - 1);
const { api, fechar, bem, todos } = ledgerKit(() => s);

const IMOVEIS = '1.2.3.2.1.01';
const ABERTURA = '2.3.7.1.1.03';
const VPA_DOACAO = '4.5.2.2.1.01';

/** Σ debit − Σ credit in cents per account over one property's lines (conta corrente `<número> — …`). */
const doImovel = (ls: LancamentoContabil[], numero: string) =>
  saldos(ls.map((l) => ({ ...l, partidas: l.partidas.filter((p) => p.contaCorrente?.startsWith(`${numero} — `)) })));

describe('properties in the ledger', () => {
  let t: TestTenant;
  let doacao: number;
  const imovel = async (body: Record<string, unknown>) => {
    const r = await (
      await api(t)
    )('POST', '/api/imoveis', {
      denominacao: 'Escola Municipal Monteiro Lobato',
      endereco: 'Rua das Flores, 100',
      situacao: 'proprio',
      sectorId: t.sector.id,
      ...body,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number; numero_patrimonio: string };
  };

  let antigo: { id: number; numero_patrimonio: string };
  beforeAll(async () => {
    t = await newTenant(s);
    doacao = (await newFormaAquisicao(s, t.id, { nome: 'Doação' })).id;
    const tipo = await newTipoBem(s, t.id, { name: 'Mobiliário em geral', usefulLifeMonths: 120 });
    await bem(t, { valor: '1000.00', tipoId: tipo.id, entrada: '2024-01-10', vida: 120 });
    // Registered before the ledger opens: no entry yet; the opening takes it.
    antigo = await imovel({ valor_aquisicao: '850000.00', data_aquisicao: '2001-03-15' });
    await imovel({ denominacao: 'Sala alugada', situacao: 'alugado', valor_aquisicao: '1200.00' });
    expect((await todos(t)).length).toBe(0);
    await fechar(t, mesAnterior);
  });

  it('the opening: one entry for the properties, D their account per property, C the opening account', async () => {
    const ls = (await todos(t)).filter((l) => l.fato === 'abertura' && l.historico.includes('imóveis'));
    expect(ls).toHaveLength(1);
    expect(ls[0].partidas.map((p) => [p.conta.codigo, cents(p.debito), cents(p.credito)])).toEqual([
      [IMOVEIS, 85_000_000, 0],
      [ABERTURA, 0, 85_000_000],
    ]);
    expect(ls[0].partidas[0].contaCorrente).toBe(`${antigo.numero_patrimonio} — Escola Municipal Monteiro Lobato`);
    // The rented room is not the municipality's asset: nothing of it.
    expect(JSON.stringify(await todos(t))).not.toContain('Sala alugada');
  });

  it('a property registered after the opening: D its account, C by origin (a donation: VPA donations)', async () => {
    const doado = await imovel({ valor_aquisicao: '300000.50', data_aquisicao: hoje, formaAquisicaoId: doacao });
    const [l] = (await todos(t)).filter((x) => x.fato === 'incorporacao' && x.documento.imovelId === doado.id);
    expect(l.data).toBe(hoje);
    expect(l.historico).toContain(`Incorporação do imóvel ${doado.numero_patrimonio} (cadastrado): doação recebida`);
    expect(l.partidas.map((p) => [p.conta.codigo, cents(p.debito), cents(p.credito)])).toEqual([
      [IMOVEIS, 30_000_050, 0],
      [VPA_DOACAO, 0, 30_000_050],
    ]);
    const [{ n }] = await ownerQuery<{ n: number }>(
      s,
      'select count(*)::int n from partidas where imovel_id = $1 and lancamento_id = $2',
      [doado.id, l.id],
    );
    expect(n).toBe(2);
    // A rented one posts nothing.
    const antes = (await todos(t)).length;
    await imovel({ denominacao: 'Galpão alugado', situacao: 'alugado', valor_aquisicao: '5000.00' });
    expect((await todos(t)).length).toBe(antes);
  });

  it('an edit: a new value posts a correction; a tenure without an account takes it out; back in, it is incorporated', async () => {
    const a = await api(t);
    const im = await imovel({ valor_aquisicao: '1000.00', data_aquisicao: hoje, formaAquisicaoId: doacao });
    const editar = async (body: Record<string, unknown>) => {
      const atual = (await a('GET', `/api/imoveis/${im.id}`)).body as { version: number };
      const r = await a('PUT', `/api/imoveis/${im.id}`, { ...body, version: atual.version });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    const linhasDe = async () =>
      (await todos(t))
        .filter((l) => l.documento.imovelId === im.id && l.fato !== 'incorporacao')
        .map((l) => [l.fato, l.partidas.map((p) => [p.conta.codigo, cents(p.debito), cents(p.credito)])]);
    await editar({ valor_aquisicao: '1250.00' });
    await editar({ situacao: 'alugado' });
    await editar({ observacoes: 'Nada contábil muda.' });
    await editar({ situacao: 'proprio' });
    expect(await linhasDe()).toEqual([
      [
        'correcao',
        [
          [IMOVEIS, 25_000, 0],
          [VPA_DOACAO, 0, 25_000],
        ],
      ],
      [
        'correcao',
        [
          [IMOVEIS, 0, 125_000],
          [VPA_DOACAO, 125_000, 0],
        ],
      ],
    ]);
    const ls = await todos(t);
    const reincorporado = ls.filter((l) => l.fato === 'incorporacao' && l.documento.imovelId === im.id);
    expect(reincorporado).toHaveLength(2);
    expect(doImovel(ls, im.numero_patrimonio)[IMOVEIS]).toBe(125_000);
    // Clean up for the next test's account totals.
    expect((await a('DELETE', `/api/imoveis/${im.id}`)).status).toBe(204);
  });

  it('deleting a property the ledger holds reverses its balance (the opening share on the opening account)', async () => {
    const a = await api(t);
    const doado = await imovel({ valor_aquisicao: '100.00', data_aquisicao: hoje, formaAquisicaoId: doacao });
    expect((await a('DELETE', `/api/imoveis/${doado.id}`)).status).toBe(204);
    expect((await a('DELETE', `/api/imoveis/${antigo.id}`)).status).toBe(204);
    const ls = await todos(t);
    const cancelamentos = ls.filter(
      (l) =>
        l.fato === 'correcao' &&
        l.historico.startsWith('Cancelamento do cadastro') &&
        [doado.id, antigo.id].includes(l.documento.imovelId ?? 0),
    );
    expect(
      cancelamentos.map((l) => l.partidas.map((p) => [p.conta.codigo, cents(p.debito), cents(p.credito)])),
    ).toEqual([
      [
        [IMOVEIS, 0, 10_000],
        [VPA_DOACAO, 10_000, 0],
      ],
      [
        [IMOVEIS, 0, 85_000_000],
        [ABERTURA, 85_000_000, 0],
      ],
    ]);
    // Each property's own lines on the properties' account net to zero.
    for (const numero of [doado.numero_patrimonio, antigo.numero_patrimonio])
      expect(doImovel(ls, numero)[IMOVEIS]).toBe(0);
    // What is left on the properties' account is the one donated property still registered.
    expect(saldos(ls)[IMOVEIS]).toBe(30_000_050);
    // The monthly statement shows it among the properties (the account only the tenures map to).
    const rmb = (await a('GET', `/api/contabilidade/rmb?competencia=${hoje.slice(0, 7)}`)).body as Rmb;
    expect(rmb.contas.find((c) => c.conta.codigo === IMOVEIS)?.grupo).toBe('imoveis');
    expect(rmb.subtotais.imoveis.saldoAtual).toBe('300000.50');
  });
});
