import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Download from '@mui/icons-material/Download';
import {
  RMB_GRUPOS,
  RMB_GRUPO_LABELS,
  competenciaDe,
  formatDecimal,
  isoDayOf,
  mesIndice,
  type Rmb,
  type RmbTotais,
} from '@tombo/shared';
import { QueryState } from '../../components/register/QueryState';
import { toastFailure } from '../../lib/useApiMutation';
import { competenciaBR, maskCompetenciaBR, parseCompetenciaBR } from '../depreciacao';
import { downloadSaldosCsv } from './api';
import { BaixarPapel } from './BaixarPapel';
import { ConciliacaoSection } from './ConciliacaoSection';
import { M_LOAD, useRmb } from './queries';

const COLUNAS: ReadonlyArray<[keyof RmbTotais, string]> = [
  ['saldoAnterior', 'Saldo anterior'],
  ['incorporacoes', 'Incorporações'],
  ['baixas', 'Baixas'],
  ['transferencias', 'Transferências'],
  ['depreciacao', 'Depreciação'],
  ['reavaliacaoReducao', 'Reavaliação / redução'],
  ['saldoAtual', 'Saldo atual'],
];
const num = { textAlign: 'right', whiteSpace: 'nowrap', px: 1 } as const;
/** Amounts in reais without the symbol (the table says 'R$'); a movement of zero as a dash. */
const valor = (v: string, zeroDash = true) => (zeroDash && Number(v) === 0 ? '—' : formatDecimal(v, 2));

/**
 * The monthly statement per account (RMB): each patrimonial account's opening balance, the month's movements and
 * its closing balance, read from the entries; the month's balances of every account as CSV.
 */
export function RmbPanel() {
  const passado = competenciaDe(mesIndice(isoDayOf(new Date()).slice(0, 7)) - 1);
  const [texto, setTexto] = useState(competenciaBR(passado));
  const competencia = parseCompetenciaBR(texto);
  const query = useRmb(competencia);
  const baixar = async () => {
    try {
      await downloadSaldosCsv(competencia!);
    } catch (err) {
      toastFailure(err, 'Não foi possível baixar os saldos.');
    }
  };
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'flex-start' }}>
        <TextField
          id="rmb-competencia"
          label="Competência"
          size="small"
          placeholder="mm/aaaa"
          value={texto}
          onChange={(e) => setTexto(maskCompetenciaBR(e.target.value))}
          error={texto.length === 7 && !competencia}
          helperText={texto.length === 7 && !competencia ? 'Mês inválido (mm/aaaa).' : 'Mês do demonstrativo.'}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
          sx={{ width: 160 }}
        />
        <Button startIcon={<Download />} onClick={() => void baixar()} disabled={!competencia}>
          Baixar saldos (CSV)
        </Button>
        <BaixarPapel disabled={!competencia} pedido={() => (competencia ? { tipo: 'rmb', competencia } : null)} />
      </Box>
      {competencia && (
        <QueryState
          query={query}
          errorText={M_LOAD}
          isEmpty={(r) => r.contas.length === 0}
          empty={{
            title: `Nenhum lançamento até ${competenciaBR(competencia)}.`,
            description: 'O demonstrativo começa no mês em que o livro contábil foi aberto.',
          }}
        >
          {(r) => <RmbTabela r={r} />}
        </QueryState>
      )}
      {competencia && <ConciliacaoSection competencia={competencia} />}
    </>
  );
}

function RmbTabela({ r }: { r: Rmb }) {
  return (
    <>
      <Alert severity={r.fechada ? 'success' : 'warning'} sx={{ mb: 2 }}>
        {r.fechada
          ? `Mês ${competenciaBR(r.competencia)} fechado: a depreciação do mês está lançada.`
          : `Mês ${competenciaBR(r.competencia)} ainda não fechado: a depreciação do mês não está nos saldos.`}
      </Alert>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={`Demonstrativo mensal por conta de ${competenciaBR(r.competencia)}`}>
          <caption>Valores em reais (R$); os redutores (−) com sinal negativo.</caption>
          <TableHead>
            <TableRow>
              <TableCell>Conta</TableCell>
              {COLUNAS.map(([k, label]) => (
                <TableCell key={k} sx={num}>
                  {label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {RMB_GRUPOS.filter((g) => r.contas.some((l) => l.grupo === g)).map((g) => (
              <Grupo key={g} r={r} grupo={g} />
            ))}
            <TableRow sx={{ '& td': { fontWeight: 700 } }}>
              <TableCell>Total geral</TableCell>
              {COLUNAS.map(([k]) => (
                <TableCell key={k} sx={num}>
                  {valor(r.totais[k], false)}
                </TableCell>
              ))}
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

/** A group's title row (bens móveis, imóveis), its accounts and its total. */
function Grupo({ r, grupo }: { r: Rmb; grupo: (typeof RMB_GRUPOS)[number] }) {
  const nome = RMB_GRUPO_LABELS[grupo];
  return (
    <>
      <TableRow>
        <TableCell
          component="th"
          scope="rowgroup"
          colSpan={COLUNAS.length + 1}
          sx={{ fontWeight: 700, bgcolor: 'action.hover' }}
        >
          {nome}
        </TableCell>
      </TableRow>
      {r.contas
        .filter((l) => l.grupo === grupo)
        .map((l) => (
          <TableRow key={l.conta.id} hover>
            <TableCell sx={{ minWidth: 200 }}>
              {l.conta.codigo} — {l.conta.nome}
            </TableCell>
            {COLUNAS.map(([k]) => (
              <TableCell key={k} sx={num}>
                {valor(l[k], k !== 'saldoAnterior' && k !== 'saldoAtual')}
              </TableCell>
            ))}
          </TableRow>
        ))}
      <TableRow sx={{ '& td': { fontWeight: 600 } }}>
        <TableCell>Total de {nome.toLowerCase()}</TableCell>
        {COLUNAS.map(([k]) => (
          <TableCell key={k} sx={num}>
            {valor(r.subtotais[grupo][k], false)}
          </TableCell>
        ))}
      </TableRow>
    </>
  );
}
