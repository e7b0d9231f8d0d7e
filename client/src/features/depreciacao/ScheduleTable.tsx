import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatMoney, type DepreciacaoPatrimonio } from '@tombo/shared';
import { competenciaBR } from './format';

type Mes = DepreciacaoPatrimonio['cronograma'][number];
const TODOS = 'todos';
const PAGE = 24;

interface Props {
  meses: Mes[];
  /** The month of the reference date ('YYYY-MM'), highlighted. */
  atual: string;
}

/** The schedule month by month, one year at a time (or every year, paged); the reference month highlighted. */
export function ScheduleTable({ meses, atual }: Props) {
  const phone = useMediaQuery('(max-width:767.98px)');
  const anos = useMemo(() => [...new Set(meses.map((m) => m.competencia.slice(0, 4)))], [meses]);
  const anoAtual = anos.includes(atual.slice(0, 4)) ? atual.slice(0, 4) : (anos[0] ?? TODOS);
  const [ano, setAno] = useState(anoAtual);
  const [page, setPage] = useState(0);
  // A new reference date (or asset) opens the year that holds it.
  useEffect(() => {
    setAno(anoAtual);
    setPage(0);
  }, [anoAtual]);
  const filtrados = ano === TODOS ? meses : meses.filter((m) => m.competencia.startsWith(ano));
  const linhas = ano === TODOS ? filtrados.slice(page * PAGE, page * PAGE + PAGE) : filtrados;

  return (
    <Box>
      <TextField
        select
        id="cronograma-ano"
        label="Ano"
        size="small"
        value={anos.includes(ano) || ano === TODOS ? ano : TODOS}
        onChange={(e) => {
          setAno(e.target.value);
          setPage(0);
        }}
        sx={{ minWidth: 160, mb: 2 }}
      >
        <MenuItem value={TODOS}>Todos os anos</MenuItem>
        {anos.map((a) => (
          <MenuItem key={a} value={a}>
            {a}
          </MenuItem>
        ))}
      </TextField>
      {phone ? <MesCards linhas={linhas} atual={atual} /> : <MesTable linhas={linhas} atual={atual} />}
      {ano === TODOS && filtrados.length > PAGE && (
        <TablePagination
          component="div"
          count={filtrados.length}
          page={page}
          onPageChange={(_e, p) => setPage(p)}
          rowsPerPage={PAGE}
          rowsPerPageOptions={[PAGE]}
          labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
          getItemAriaLabel={(t) => (t === 'next' ? 'Próxima página' : 'Página anterior')}
        />
      )}
    </Box>
  );
}

const Fechada = ({ m }: { m: Mes }) =>
  m.fechada ? <Chip size="small" color="success" label="Sim" /> : <Chip size="small" variant="outlined" label="Não" />;

function MesTable({ linhas, atual }: { linhas: Mes[]; atual: string }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Cronograma de depreciação">
        <TableHead>
          <TableRow>
            <TableCell>Competência</TableCell>
            <TableCell align="right">Quota</TableCell>
            <TableCell align="right">Acumulada</TableCell>
            <TableCell align="right">Valor contábil</TableCell>
            <TableCell align="center">Fechada</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {linhas.map((m) => {
            const here = m.competencia === atual;
            return (
              <TableRow
                key={m.competencia}
                selected={here}
                aria-current={here ? 'date' : undefined}
                sx={here ? { '& td': { fontWeight: 700 } } : undefined}
              >
                <TableCell>{competenciaBR(m.competencia)}</TableCell>
                <TableCell align="right">{formatMoney(m.quota)}</TableCell>
                <TableCell align="right">{formatMoney(m.acumulada)}</TableCell>
                <TableCell align="right">{formatMoney(m.valorContabil)}</TableCell>
                <TableCell align="center">
                  <Fechada m={m} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function MesCards({ linhas, atual }: { linhas: Mes[]; atual: string }) {
  return (
    <Box
      component="ul"
      aria-label="Cronograma de depreciação"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
    >
      {linhas.map((m) => {
        const here = m.competencia === atual;
        return (
          <Paper
            component="li"
            key={m.competencia}
            variant="outlined"
            aria-current={here ? 'date' : undefined}
            sx={{
              p: 1.5,
              borderColor: here ? 'primary.main' : undefined,
              bgcolor: here ? 'action.selected' : undefined,
            }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 0.5 }}>
              <Typography sx={{ fontWeight: 700 }}>{competenciaBR(m.competencia)}</Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography variant="caption" color="text.secondary">
                  Fechada
                </Typography>
                <Fechada m={m} />
              </Box>
            </Box>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'repeat(3, auto)',
                justifyContent: 'space-between',
                columnGap: 1,
                '& dt': { typography: 'caption', color: 'text.secondary' },
                '& dd': { m: 0, typography: 'body2' },
              }}
            >
              <div>
                <dt>Quota</dt>
                <dd>{formatMoney(m.quota)}</dd>
              </div>
              <div>
                <dt>Acumulada</dt>
                <dd>{formatMoney(m.acumulada)}</dd>
              </div>
              <div>
                <dt>Valor contábil</dt>
                <dd>{formatMoney(m.valorContabil)}</dd>
              </div>
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}
