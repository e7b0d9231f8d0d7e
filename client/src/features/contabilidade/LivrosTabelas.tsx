import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  FATO_CONTABIL_LABELS,
  formatCount,
  formatDate,
  formatDecimal,
  type LancamentoDiario,
  type MovimentoRazao,
} from '@tombo/shared';
import { QueryState } from '../../components/register/QueryState';
import type { LivroFiltro } from './api';
import { M_LOAD, useDiario, useRazao } from './queries';

const num = { textAlign: 'right', whiteSpace: 'nowrap', px: 1 } as const;
/** An amount without the symbol (the caption says R$); an empty side of a line as ''. */
const valor = (v: string, vazioSeZero = false) => (vazioSeZero && Number(v) === 0 ? '' : formatDecimal(v, 2));
const bens = (n: number) => (n > 1 ? ` (${formatCount(n, 'bem', 'bens')})` : '');
const periodo = (f: LivroFiltro) => `${formatDate(f.de)} a ${formatDate(f.ate)}`;

/** 'Carregar mais' under a list read on with the server's cursor. */
function Mais({ q }: { q: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown } }) {
  if (!q.hasNextPage) return null;
  return (
    <Box sx={{ textAlign: 'center', mt: 2 }}>
      <Button onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
        Carregar mais
      </Button>
    </Box>
  );
}

/** The entry's head: date, number, fact and history (and the reversal it is or that undid it). */
function Cabeca({ l }: { l: Pick<LancamentoDiario, 'id' | 'data' | 'fato' | 'historico' | 'estornoDe'> }) {
  return (
    <>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {formatDate(l.data)} · Nº {l.id}
      </Typography>{' '}
      <Typography component="span" variant="body2" sx={{ fontWeight: 700 }}>
        {FATO_CONTABIL_LABELS[l.fato] ?? l.fato}
      </Typography>{' '}
      <Typography component="span" variant="body2">
        — {l.historico}
        {l.estornoDe != null && ` (estorno do nº ${l.estornoDe})`}
      </Typography>
    </>
  );
}

/** The journal of the period: each entry's head, then its accounts (the credited indented) with debit and credit. */
export function DiarioTabela({ filtro }: { filtro: LivroFiltro }) {
  const q = useDiario(filtro);
  return (
    <QueryState
      query={q}
      errorText={M_LOAD}
      isEmpty={(d) => d.pages[0].lancamentos.length === 0}
      empty={{ title: `Nenhum lançamento de ${periodo(filtro)}.` }}
    >
      {(d) => {
        const { totais } = d.pages[0];
        return (
          <>
            <TableContainer component={Paper} variant="outlined">
              <Table size="small" aria-label={`Livro Diário de ${periodo(filtro)}`}>
                <caption>
                  {formatCount(totais.lancamentos, 'lançamento', 'lançamentos')} no período; valores em reais (R$).
                </caption>
                <TableHead>
                  <TableRow>
                    <TableCell>Lançamento e contas</TableCell>
                    <TableCell sx={num}>Débito</TableCell>
                    <TableCell sx={num}>Crédito</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {d.pages
                    .flatMap((p) => p.lancamentos)
                    .map((l) => (
                      <Lancamento key={l.id} l={l} />
                    ))}
                </TableBody>
                <TableFooter>
                  <TableRow sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: 14 } }}>
                    <TableCell>Totais do período</TableCell>
                    <TableCell sx={num}>{valor(totais.debito)}</TableCell>
                    <TableCell sx={num}>{valor(totais.credito)}</TableCell>
                  </TableRow>
                </TableFooter>
              </Table>
            </TableContainer>
            <Mais q={q} />
          </>
        );
      }}
    </QueryState>
  );
}

function Lancamento({ l }: { l: LancamentoDiario }) {
  return (
    <>
      <TableRow sx={{ bgcolor: 'action.hover' }}>
        <TableCell component="th" scope="rowgroup" colSpan={3} sx={{ fontWeight: 400 }}>
          <Cabeca l={l} />
        </TableCell>
      </TableRow>
      {l.partidas.map((p) => {
        const credito = Number(p.credito) > 0;
        return (
          <TableRow key={`${p.conta.id}-${credito ? 'c' : 'd'}`}>
            <TableCell sx={{ pl: credito ? 5 : 2 }}>
              {p.conta.codigo} — {p.conta.nome}
              <Typography component="span" variant="body2" color="text.secondary">
                {bens(p.linhas)}
              </Typography>
            </TableCell>
            <TableCell sx={num}>{valor(p.debito, true)}</TableCell>
            <TableCell sx={num}>{valor(p.credito, true)}</TableCell>
          </TableRow>
        );
      })}
    </>
  );
}

/** An account's ledger: the balance before the period, each entry that moved it with the balance after, the totals. */
export function RazaoTabela({ filtro }: { filtro: LivroFiltro }) {
  const q = useRazao(filtro);
  return (
    <QueryState query={q} errorText={M_LOAD}>
      {(d) => {
        const r = d.pages[0];
        const movimentos: MovimentoRazao[] = d.pages.flatMap((p) => p.movimentos);
        return (
          <>
            <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
              {r.conta.codigo} — {r.conta.nome}
            </Typography>
            <TableContainer component={Paper} variant="outlined">
              <Table size="small" aria-label={`Livro Razão da conta ${r.conta.codigo} de ${periodo(filtro)}`}>
                <caption>
                  Valores em reais (R$); o saldo é débitos − créditos (devedor positivo, credor negativo).
                </caption>
                <TableHead>
                  <TableRow>
                    <TableCell>Lançamento</TableCell>
                    <TableCell sx={num}>Débito</TableCell>
                    <TableCell sx={num}>Crédito</TableCell>
                    <TableCell sx={num}>Saldo</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  <TableRow sx={{ '& td': { fontWeight: 600 } }}>
                    <TableCell colSpan={3}>Saldo anterior a {formatDate(r.de)}</TableCell>
                    <TableCell sx={num}>{valor(r.saldoAnterior)}</TableCell>
                  </TableRow>
                  {movimentos.map((m) => (
                    <TableRow key={m.lancamentoId} hover>
                      <TableCell sx={{ minWidth: 180 }}>
                        <Cabeca l={{ ...m, id: m.lancamentoId }} />
                        <Typography component="span" variant="body2" color="text.secondary">
                          {bens(m.linhas)}
                        </Typography>
                      </TableCell>
                      <TableCell sx={num}>{valor(m.debito, true)}</TableCell>
                      <TableCell sx={num}>{valor(m.credito, true)}</TableCell>
                      <TableCell sx={num}>{valor(m.saldo)}</TableCell>
                    </TableRow>
                  ))}
                  {!movimentos.length && (
                    <TableRow>
                      <TableCell colSpan={4}>Nenhum movimento da conta no período.</TableCell>
                    </TableRow>
                  )}
                </TableBody>
                <TableFooter>
                  <TableRow sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: 14 } }}>
                    <TableCell>Totais e saldo em {formatDate(r.ate)}</TableCell>
                    <TableCell sx={num}>{valor(r.debitos)}</TableCell>
                    <TableCell sx={num}>{valor(r.creditos)}</TableCell>
                    <TableCell sx={num}>{valor(r.saldoFinal)}</TableCell>
                  </TableRow>
                </TableFooter>
              </Table>
            </TableContainer>
            <Mais q={q} />
          </>
        );
      }}
    </QueryState>
  );
}
