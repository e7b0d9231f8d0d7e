import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { IMPORTACAO_MSG, formatNumber, type ImportacaoPendente, type ImportacaoPendentes } from '@tombo/shared';
import { QueryState } from '../../components/register/QueryState';
import { useApiMutation } from '../../lib/useApiMutation';
import { confirmPending, fetchPending, savePending } from './api';
import { Actions } from './Actions';

type Edits = Record<number, Record<string, string>>;
const PAGE = 25;
/** Fields whose text is long: a multi-line cell. */
const LONG = new Set(['descricao', 'observacoes']);

/**
 * The rows an import kept pending: a grid of their values with the error of each cell (editable; on a
 * phone, one card per row), "Salvar correções" (checked again by the server, cell by cell) and
 * "Confirmar pendentes" (the rows now valid become assets; the others stay).
 */
export function PendingStep({ importacaoId }: { importacaoId: string }) {
  const qc = useQueryClient();
  const phone = useMediaQuery('(max-width:767.98px)');
  const key = ['importacao', importacaoId, 'pendentes'];
  const query = useQuery({ queryKey: key, queryFn: () => fetchPending(importacaoId) });
  const [edits, setEdits] = useState<Edits>({});
  const [page, setPage] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const edited = Object.keys(edits).length > 0;

  const save = useApiMutation<ImportacaoPendentes, ImportacaoPendentes>({
    mutationFn: (p) =>
      savePending(importacaoId, {
        version: p.version,
        linhas: Object.entries(edits).map(([line, values]) => ({ line: Number(line), values })),
      }),
    onSuccess: (p) => {
      qc.setQueryData(key, p);
      setEdits({});
      const left = p.rows.filter((r) => Object.keys(r.errors).length).length;
      setNotice(
        left
          ? `Correções salvas. ${formatNumber(left)} ${left === 1 ? 'linha ainda tem erros' : 'linhas ainda têm erros'}.`
          : 'Correções salvas. Todas as linhas pendentes estão válidas: confirme-as.',
      );
    },
    stale: [key],
  });
  const commit = useApiMutation<void, ImportacaoPendentes>({
    mutationFn: async (p) => {
      const current = edited ? await save.mutateAsync(p) : p;
      const r = await confirmPending(importacaoId, current.version);
      setNotice(
        IMPORTACAO_MSG.pendingDone(r.importados, r.pendentes) +
          (r.numeros ? IMPORTACAO_MSG.numbersIssued(r.numeros.first, r.numeros.last) : ''),
      );
      setPage(0);
    },
    invalidate: [key, ['patrimonios']],
  });

  return (
    <QueryState query={query} errorText="Não foi possível carregar as linhas pendentes.">
      {(p) => {
        const rows = p.rows.slice(page * PAGE, page * PAGE + PAGE);
        const value = (r: ImportacaoPendente, f: string) => edits[r.line]?.[f] ?? r.values[f] ?? '';
        const change = (r: ImportacaoPendente, f: string, v: string) =>
          setEdits((e) => ({ ...e, [r.line]: { ...e[r.line], [f]: v } }));
        const cell = (r: ImportacaoPendente, f: { key: string; label: string }) => {
          const error = edits[r.line]?.[f.key] !== undefined ? undefined : r.errors[f.key];
          return (
            <TextField
              size="small"
              fullWidth
              multiline={LONG.has(f.key)}
              maxRows={4}
              label={phone ? f.label : undefined}
              value={value(r, f.key)}
              onChange={(e) => change(r, f.key, e.target.value)}
              error={!!error}
              helperText={error}
              slotProps={{
                htmlInput: {
                  'aria-label': `${f.label}, linha ${r.line}`,
                  'aria-invalid': !!error,
                  'data-testid': `pendente-${r.line}-${f.key}`,
                },
              }}
              sx={{ minWidth: LONG.has(f.key) ? 280 : 140 }}
            />
          );
        };
        const rowError = (r: ImportacaoPendente) =>
          r.errors.linha ? (
            <Typography variant="caption" color="error" display="block" role="alert">
              {r.errors.linha}
            </Typography>
          ) : null;
        return (
          <Box component="section" aria-label="Linhas pendentes" data-testid="importacao-pendentes">
            <Typography variant="h3" sx={{ mb: 1 }}>
              Linhas pendentes ({formatNumber(p.rows.length)})
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Estas linhas do arquivo foram recusadas e guardadas para correção. Corrija os campos indicados, salve e
              confirme: as linhas válidas viram bens, as outras continuam pendentes.
            </Typography>
            {notice && (
              <Alert severity="info" sx={{ mb: 2 }} role="status" data-testid="pendentes-aviso">
                {notice}
              </Alert>
            )}
            {!p.rows.length ? (
              <Alert severity="success">Não há linhas pendentes nesta importação.</Alert>
            ) : phone ? (
              <Box sx={{ display: 'grid', gap: 2 }}>
                {rows.map((r) => (
                  <Paper key={r.line} variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
                    <Typography variant="subtitle2">Linha {r.line}</Typography>
                    {rowError(r)}
                    {p.fields.map((f) => (
                      <Box key={f.key}>{cell(r, f)}</Box>
                    ))}
                  </Paper>
                ))}
              </Box>
            ) : (
              <TableContainer sx={{ maxHeight: 560, border: 1, borderColor: 'divider', borderRadius: 1 }}>
                <Table size="small" stickyHeader aria-label="Linhas pendentes">
                  <TableHead>
                    <TableRow>
                      <TableCell sx={{ width: 64 }}>Linha</TableCell>
                      {p.fields.map((f) => (
                        <TableCell key={f.key} sx={{ whiteSpace: 'nowrap' }}>
                          {f.label}
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((r) => (
                      <TableRow key={r.line}>
                        <TableCell sx={{ verticalAlign: 'top' }}>
                          {r.line}
                          {rowError(r)}
                        </TableCell>
                        {p.fields.map((f) => (
                          <TableCell key={f.key} sx={{ verticalAlign: 'top' }}>
                            {cell(r, f)}
                          </TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
            {p.rows.length > PAGE && (
              <TablePagination
                component="div"
                count={p.rows.length}
                page={page}
                rowsPerPage={PAGE}
                rowsPerPageOptions={[PAGE]}
                onPageChange={(_, n) => setPage(n)}
                labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
              />
            )}
            {p.rows.length > 0 && (
              <Actions>
                <Button disabled={!edited || save.isPending || commit.isPending} onClick={() => save.mutate(p)}>
                  Salvar correções
                </Button>
                <Button
                  variant="contained"
                  disabled={save.isPending || commit.isPending}
                  onClick={() => commit.mutate(p)}
                >
                  Confirmar pendentes
                </Button>
              </Actions>
            )}
          </Box>
        );
      }}
    </QueryState>
  );
}
