import { CONTABILIDADE_MSG as M, parseMoney, type Conciliacao } from '@tombo/shared';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import type { TenantScope } from '../../tenancy/scope';
import { decimalOfCents } from './presenters';
import { planoDeContas } from './queries';
import { saldosDoMes } from './rmb';

const MAX_LINHAS = 5000;
/** How many bad lines the 400 names (the rest are counted). */
const MAX_ERROS = 10;

/** UTF-8 when the bytes are valid UTF-8 (a BOM dropped), else Latin-1 (what accounting systems export). */
function texto(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return bytes.toString('latin1');
  }
}

/** A balance as written ('1.234,56', '-1234.56', '1.234,56 C', '1.234,56D') → cents, debit − credit; or null. */
export function centavosDoSaldo(campo: string): bigint | null {
  let s = campo.trim().toUpperCase();
  let sinal = 1n;
  const lado = /\s*([DC])$/.exec(s);
  if (lado) {
    if (lado[1] === 'C') sinal = -1n;
    s = s.slice(0, lado.index);
  }
  if (s.startsWith('-')) {
    sinal = -sinal;
    s = s.slice(1);
  }
  const v = parseMoney(s);
  if (v == null) return null;
  const [inteiro, frac = ''] = v.split('.');
  return sinal * (BigInt(inteiro) * 100n + BigInt(frac.padEnd(2, '0')));
}

/** The file's `conta;saldo` lines (a first line that is not a balance is the header). */
function linhasDoArquivo(bytes: Buffer) {
  const linhas = texto(bytes)
    .split(/\r?\n/)
    .map((l, i) => ({ n: i + 1, campos: l.split(';').map((c) => c.trim().replace(/^"(.*)"$/, '$1')) }))
    .filter((l) => l.campos.some((c) => c !== ''));
  if (linhas.length && centavosDoSaldo(linhas[0].campos[1] ?? '') == null) linhas.shift();
  if (!linhas.length) throw badRequest(M.conciliacaoVazia, { file: M.conciliacaoVazia });
  if (linhas.length > MAX_LINHAS) throw badRequest(M.conciliacaoGrande, { file: M.conciliacaoGrande });
  return linhas;
}

/**
 * POST /api/contabilidade/conciliacoes: the accounting system's balance per account for a month against the ledger's
 * (`saldos`), per account of either side. Nothing is stored: the comparison is read again with each upload.
 */
export async function conciliar(tx: Db, scope: TenantScope, competencia: string, bytes: Buffer): Promise<Conciliacao> {
  const contas = new Map((await planoDeContas(tx, scope)).contas.map((c) => [c.codigo, c]));
  const externos = new Map<number, bigint>();
  const erros: string[] = [];
  for (const { n, campos } of linhasDoArquivo(bytes)) {
    const [codigo = '', saldo = ''] = campos;
    const conta = contas.get(codigo);
    const centavos = centavosDoSaldo(saldo);
    if (campos.length < 2) erros.push(`Linha ${n}: falta o saldo.`);
    else if (!conta) erros.push(`Linha ${n}: a conta "${codigo}" não está no plano de contas.`);
    else if (centavos == null) erros.push(`Linha ${n}: saldo inválido "${saldo}".`);
    else externos.set(conta.id, (externos.get(conta.id) ?? 0n) + centavos);
  }
  if (erros.length) {
    const lista =
      erros.length > MAX_ERROS ? [...erros.slice(0, MAX_ERROS), `(e mais ${erros.length - MAX_ERROS})`] : erros;
    const message = M.conciliacaoInvalida(lista);
    throw badRequest(message, { file: message });
  }
  const tombo = new Map((await saldosDoMes(tx, scope, competencia)).saldos.map((s) => [s.conta.id, s.saldo]));
  const cents = (v: string) => BigInt(v.replace('.', ''));
  const diferencas = [...contas.values()]
    .filter((c) => externos.has(c.id) || tombo.has(c.id))
    .map((c) => {
      const t = tombo.has(c.id) ? cents(tombo.get(c.id)!) : 0n;
      const e = externos.get(c.id) ?? 0n;
      return {
        conta: { id: c.id, codigo: c.codigo, nome: c.nome },
        tombo: decimalOfCents(t),
        contabilidade: decimalOfCents(e),
        diferenca: decimalOfCents(t - e),
      };
    });
  return { competencia, diferencas };
}
