import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import {
  ESTADOS_CONSERVACAO,
  ESTADO_CONSERVACAO_LABELS,
  PATRIMONIO_STATUSES,
  PATRIMONIO_STATUS_LABELS,
  formatNumber,
  localKey,
  type ImportacaoAnalise,
  type ImportacaoCatalog,
} from '@tombo/shared';
import type { Option } from './api';

/** The admin's choice per distinct value: 'criar', an existing row's id, or a fixed value ('' = none). */
export type Choices = Record<ImportacaoCatalog | 'status' | 'estado', Record<string, string>>;

const CATALOG_TITLE: Record<ImportacaoCatalog, string> = {
  setor: 'Setores',
  local: 'Locais',
  tipo: 'Tipos de bens',
  forma: 'Formas de aquisição',
};

/** The analysis: its bad rows (to fix in the file) or, when clean, a choice for every value found. */
export function ValuesStep({
  analise,
  options,
  choices,
  onChoices,
  onDownloadErrors,
}: {
  analise: ImportacaoAnalise;
  options: Record<ImportacaoCatalog, Option[]>;
  choices: Choices;
  onChoices: (c: Choices) => void;
  onDownloadErrors: () => void;
}) {
  const set = (field: keyof Choices, key: string, v: string) =>
    onChoices({ ...choices, [field]: { ...choices[field], [key]: v } });
  const badLines = analise.errorCount;
  return (
    <Box>
      <Alert severity={badLines ? 'error' : 'success'} sx={{ mb: 2 }} data-testid="importacao-resumo">
        {formatNumber(analise.total)} {analise.total === 1 ? 'linha lida' : 'linhas lidas'}:{' '}
        <strong>{formatNumber(analise.valid)} sem erro</strong>
        {badLines > 0 && (
          <>
            ,{' '}
            <strong>
              {formatNumber(badLines)} {badLines === 1 ? 'erro' : 'erros'}
            </strong>
            . Corrija as linhas no arquivo e envie-o de novo: a importação grava todas as linhas ou nenhuma.
          </>
        )}
      </Alert>
      {badLines > 0 && (
        <>
          <Button startIcon={<FileDownloadOutlined />} onClick={onDownloadErrors} sx={{ mb: 1 }}>
            Baixar relatório de erros (CSV)
          </Button>
          <TableContainer sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-label="Linhas com erro">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 72 }}>Linha</TableCell>
                  <TableCell sx={{ width: 200 }}>Campo</TableCell>
                  <TableCell>Mensagem</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {analise.errors.map((e, i) => (
                  <TableRow key={i}>
                    <TableCell>{e.line}</TableCell>
                    <TableCell>{e.field}</TableCell>
                    <TableCell>{e.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {analise.errors.length < badLines && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Mostrando os primeiros {formatNumber(analise.errors.length)} erros; o relatório tem todos.
            </Typography>
          )}
        </>
      )}
      {!badLines &&
        (['setor', 'local', 'tipo', 'forma'] as const).map((field) => {
          const list = analise.distinct[field];
          if (!list.length) return null;
          return (
            <Box key={field} component="section" aria-label={CATALOG_TITLE[field]} sx={{ mt: 2 }}>
              <Typography variant="h3" sx={{ mb: 1 }}>
                {CATALOG_TITLE[field]} encontrados ({list.length})
              </Typography>
              <TableContainer sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}>
                <Table size="small" stickyHeader>
                  <TableHead>
                    <TableRow>
                      <TableCell>Valor no arquivo</TableCell>
                      <TableCell sx={{ width: 72 }} align="right">
                        Bens
                      </TableCell>
                      <TableCell sx={{ width: { xs: 170, sm: 280 } }}>No Tombo</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {list.map((d) => {
                      const key = field === 'local' ? localKey(d.setor ?? '', d.value) : d.value;
                      const opts =
                        field === 'local'
                          ? options.local.filter((o) => localFits(o, d.setor, choices))
                          : options[field];
                      return (
                        <TableRow key={key}>
                          <TableCell sx={{ wordBreak: 'break-word' }}>
                            {d.value || <em>(vazio)</em>}
                            {field === 'local' && (
                              <Typography variant="caption" display="block" color="text.secondary">
                                em {d.setor}
                              </Typography>
                            )}
                          </TableCell>
                          <TableCell align="right">{formatNumber(d.count)}</TableCell>
                          <TableCell>
                            <TextField
                              select
                              fullWidth
                              size="small"
                              value={choices[field][key] ?? 'criar'}
                              onChange={(e) => set(field, key, e.target.value)}
                              slotProps={{ htmlInput: { 'aria-label': `${CATALOG_TITLE[field]}: ${d.value}` } }}
                            >
                              <MenuItem value="criar">Criar "{d.value}"</MenuItem>
                              {opts.map((o) => (
                                <MenuItem key={o.id} value={String(o.id)}>
                                  {o.name}
                                </MenuItem>
                              ))}
                            </TextField>
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              </TableContainer>
            </Box>
          );
        })}
      {!badLines &&
        (['status', 'estado'] as const).map((field) => {
          const list = analise.enums[field];
          if (!list.length) return null;
          const values = field === 'status' ? PATRIMONIO_STATUSES : ESTADOS_CONSERVACAO;
          const labels: Record<string, string> =
            field === 'status' ? PATRIMONIO_STATUS_LABELS : ESTADO_CONSERVACAO_LABELS;
          const title = field === 'status' ? 'Status' : 'Estado de conservação';
          return (
            <Box key={field} component="section" aria-label={title} sx={{ mt: 2 }}>
              <Typography variant="h3" sx={{ mb: 1 }}>
                {title}
              </Typography>
              <Table size="small" sx={{ border: 1, borderColor: 'divider' }}>
                <TableBody>
                  {list.map((d) => (
                    <TableRow key={d.value}>
                      <TableCell sx={{ wordBreak: 'break-word' }}>{d.value}</TableCell>
                      <TableCell sx={{ width: 72 }} align="right">
                        {formatNumber(d.count)}
                      </TableCell>
                      <TableCell sx={{ width: { xs: 170, sm: 280 } }}>
                        <TextField
                          select
                          fullWidth
                          size="small"
                          value={choices[field][d.value] ?? ''}
                          onChange={(e) => set(field, d.value, e.target.value)}
                          slotProps={{ htmlInput: { 'aria-label': `${title}: ${d.value}` } }}
                        >
                          {field === 'estado' && (
                            <MenuItem value="">
                              <em>Não informado</em>
                            </MenuItem>
                          )}
                          {values.map((v) => (
                            <MenuItem key={v} value={v}>
                              {labels[v]}
                            </MenuItem>
                          ))}
                        </TextField>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          );
        })}
    </Box>
  );
}

/** A place may be chosen for a value only when its sector is the existing sector that value's rows go to. */
function localFits(o: Option, setorValue: string | undefined, choices: Choices) {
  const c = choices.setor[setorValue ?? ''];
  return !!c && c !== 'criar' && o.sectorId === Number(c);
}

/** The first choices: each value's match (same name) or 'criar'; fixed values as suggested. */
export function initialChoices(a: ImportacaoAnalise): Choices {
  const pick = (list: ImportacaoAnalise['distinct']['setor'], local = false) =>
    Object.fromEntries(
      list.map((d) => [local ? localKey(d.setor ?? '', d.value) : d.value, d.match ? String(d.match.id) : 'criar']),
    );
  return {
    setor: pick(a.distinct.setor),
    local: pick(a.distinct.local, true),
    tipo: pick(a.distinct.tipo),
    forma: pick(a.distinct.forma),
    status: Object.fromEntries(a.enums.status.map((e) => [e.value, e.suggestion ?? 'ativo'])),
    estado: Object.fromEntries(a.enums.estado.map((e) => [e.value, e.suggestion ?? ''])),
  };
}
