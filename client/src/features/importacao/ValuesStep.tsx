import type { ReactNode } from 'react';
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
  IMPORTACAO_STATUS_CHOICES,
  IMPORTACAO_STATUS_LABELS,
  PATRIMONIO_STATUS_LABELS,
  agreePlural,
  formatNumber,
  localKey,
  looksLikeCode,
  SECTOR_RESTRICTED_ROLES,
  type Role,
  type ImportacaoAnalise,
  type ImportacaoConfirmarBody,
  type ImportacaoCatalog,
} from '@tombo/shared';
import type { Option } from './api';
import { DefaultsSection, type Defaults } from './DefaultsSection';
import { UpdatePreview } from './UpdatePreview';

/** A sector choice 'create under this name': `nome:` and the name typed. */
export const NAMED = 'nome:';

/** A choice of the screen as the confirmation sends it. */
export function catalogChoiceOf(v: string) {
  if (v === 'criar') return { criar: true as const };
  if (v.startsWith(NAMED)) return { criar: true as const, nome: v.slice(NAMED.length).trim() };
  return { id: Number(v) };
}

/** The admin's choice per distinct value: 'criar', an existing row's id, or a fixed value ('' = none). */
export type Choices = Record<ImportacaoCatalog | 'status' | 'estado', Record<string, string>>;

const CATALOG_TITLE: Record<ImportacaoCatalog, string> = {
  setor: 'Setores',
  local: 'Locais',
  tipo: 'Tipos de bens',
  forma: 'Formas de aquisição',
};

/**
 * The analysis: its bad rows (to fix in the file) or, when clean, a choice for every value found
 * ("Criar" only for who may create catalog rows: an admin).
 */
export function ValuesStep({
  analise,
  options,
  choices,
  onChoices,
  onDownloadErrors,
  canCreate,
  defaults,
  onDefaults,
}: {
  canCreate: boolean;
  defaults: Defaults;
  onDefaults: (d: Defaults) => void;
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
            . Corrija as linhas no arquivo e envie-o de novo, ou importe as linhas válidas e mantenha as recusadas como
            pendentes, para corrigi-las aqui.
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
      {analise.atualizacoes && <UpdatePreview preview={analise.atualizacoes} />}
      {(['setor', 'local', 'tipo', 'forma'] as const).map((field) => {
        const list = analise.distinct[field];
        if (!list.length) return null;
        return (
          <ValueSection
            key={field}
            title={`${CATALOG_TITLE[field]} ${agreePlural(CATALOG_TITLE[field], 'encontrado')} (${list.length})`}
            label={CATALOG_TITLE[field]}
          >
            {list.map((d) => {
              const key = field === 'local' ? localKey(d.setor ?? '', d.value) : d.value;
              const opts =
                field === 'local' ? options.local.filter((o) => localFits(o, d.setor, choices)) : options[field];
              return (
                <ValueRow
                  key={key}
                  value={d.value}
                  count={d.count}
                  note={field === 'local' ? `em ${d.setor}` : undefined}
                >
                  <TextField
                    select
                    fullWidth
                    size="small"
                    value={
                      (choices[field][key] ?? 'criar').startsWith(NAMED) ? NAMED : (choices[field][key] ?? 'criar')
                    }
                    onChange={(e) => set(field, key, e.target.value)}
                    error={choices[field][key] === ''}
                    helperText={code(field, d.value) ? 'Parece um código: escolha o setor ou dê um nome.' : undefined}
                    slotProps={{ htmlInput: { 'aria-label': `${CATALOG_TITLE[field]}: ${d.value}` } }}
                  >
                    {code(field, d.value) && (
                      <MenuItem value="" disabled>
                        <em>Escolha o setor</em>
                      </MenuItem>
                    )}
                    {code(field, d.value) && canCreate && <MenuItem value={NAMED}>Criar setor com um nome…</MenuItem>}
                    {!code(field, d.value) && (canCreate || choices[field][key] === 'criar') && (
                      <MenuItem value="criar" disabled={!canCreate}>
                        Criar "{d.value}"
                      </MenuItem>
                    )}
                    {opts.map((o) => (
                      <MenuItem key={o.id} value={String(o.id)}>
                        {o.name}
                      </MenuItem>
                    ))}
                  </TextField>
                  {code(field, d.value) && (choices[field][key] ?? '').startsWith(NAMED) && (
                    <TextField
                      fullWidth
                      size="small"
                      sx={{ mt: 1 }}
                      label={`Nome do setor "${d.value}"`}
                      value={(choices[field][key] ?? '').slice(NAMED.length)}
                      onChange={(e) => set(field, key, NAMED + e.target.value)}
                      slotProps={{ htmlInput: { maxLength: 100 } }}
                    />
                  )}
                </ValueRow>
              );
            })}
          </ValueSection>
        );
      })}
      {(['status', 'estado'] as const).map((field) => {
        const list = analise.enums[field];
        if (!list.length) return null;
        const values = field === 'status' ? IMPORTACAO_STATUS_CHOICES : ESTADOS_CONSERVACAO;
        const labels: Record<string, string> =
          field === 'status' ? { ...PATRIMONIO_STATUS_LABELS, ...IMPORTACAO_STATUS_LABELS } : ESTADO_CONSERVACAO_LABELS;
        const title = field === 'status' ? 'Status' : 'Estado de conservação';
        return (
          <ValueSection key={field} title={title} label={title}>
            {list.map((d) => (
              <ValueRow key={d.value} value={d.value} count={d.count}>
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
              </ValueRow>
            ))}
          </ValueSection>
        );
      })}
      <DefaultsSection options={options} value={defaults} onChange={onDefaults} />
    </Box>
  );
}

/** A sector value that reads as a code ("1773"): never created under that text. */
const code = (field: string, value: string) => field === 'setor' && looksLikeCode(value);

/** A titled, scrolling list of distinct values (a region named after its catalog). */
function ValueSection({ title, label, children }: { title: string; label: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={label} sx={{ mt: 2 }}>
      <Typography variant="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ maxHeight: 420, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {children}
      </Box>
    </Box>
  );
}

/** One distinct value: the file's text and how many rows carry it, then the choice (stacked on phones). */
function ValueRow({
  value,
  count,
  note,
  children,
}: {
  value: string;
  count: number;
  note?: string;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr auto', sm: '1fr 80px 300px' },
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box sx={{ minWidth: 0, wordBreak: 'break-word' }}>
        {value || <em>(vazio)</em>}
        {note && (
          <Typography variant="caption" display="block" color="text.secondary">
            {note}
          </Typography>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
        {formatNumber(count)} {count === 1 ? 'bem' : 'bens'}
      </Typography>
      <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>{children}</Box>
    </Box>
  );
}

/** A place may be chosen for a value only when its sector is the existing sector that value's rows go to. */
function localFits(o: Option, setorValue: string | undefined, choices: Choices) {
  const c = choices.setor[setorValue ?? ''];
  return !!c && c !== 'criar' && o.sectorId === Number(c);
}

/** The choices as the confirmation sends them. */
export function valueMappingOf(choices: Choices): NonNullable<ImportacaoConfirmarBody['valueMapping']> {
  type VM = NonNullable<ImportacaoConfirmarBody['valueMapping']>;
  const catalog = (c: Record<string, string>) =>
    Object.fromEntries(Object.entries(c).map(([k, v]) => [k, catalogChoiceOf(v)]));
  return {
    setor: catalog(choices.setor),
    local: catalog(choices.local),
    tipo: catalog(choices.tipo),
    forma: catalog(choices.forma),
    status: choices.status as VM['status'],
    estado: Object.fromEntries(Object.entries(choices.estado).map(([k, v]) => [k, v || null])) as VM['estado'],
  };
}

/** The first choices: each value's match (same name) or 'criar'; fixed values as suggested. */
export function initialChoices(a: ImportacaoAnalise): Choices {
  const pick = (list: ImportacaoAnalise['distinct']['setor'], local = false, codes = false) =>
    Object.fromEntries(
      list.map((d) => [
        local ? localKey(d.setor ?? '', d.value) : d.value,
        d.match ? String(d.match.id) : codes && looksLikeCode(d.value) ? '' : 'criar',
      ]),
    );
  return {
    setor: pick(a.distinct.setor, false, true),
    local: pick(a.distinct.local, true),
    tipo: pick(a.distinct.tipo),
    forma: pick(a.distinct.forma),
    status: Object.fromEntries(a.enums.status.map((e) => [e.value, e.suggestion ?? 'ativo'])),
    estado: Object.fromEntries(a.enums.estado.map((e) => [e.value, e.suggestion ?? ''])),
  };
}

/** A sector-restricted user (a `usuario`) may send assets only to their sectors: the others are not offered. */
export function mine(options: Record<ImportacaoCatalog, Option[]>, sectorIds?: number[], role?: string) {
  if (!role || !SECTOR_RESTRICTED_ROLES.includes(role as Role)) return options;
  const own = new Set(sectorIds ?? []);
  return { ...options, setor: options.setor.filter((o) => own.has(o.id)) };
}
