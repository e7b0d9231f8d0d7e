import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ESTADOS_CONSERVACAO,
  ESTADO_CONSERVACAO_LABELS,
  IMPORTACAO_STATUS_CHOICES,
  IMPORTACAO_STATUS_LABELS,
  PATRIMONIO_STATUS_LABELS,
  type ImportacaoConfirmarBody,
  type ImportacaoCatalog,
} from '@tombo/shared';
import type { Option } from './api';

/** The wizard's default per field ('' = none): applied to rows where the file has no value. */
export type Defaults = Record<'tipo' | 'local' | 'forma' | 'status' | 'estado', string>;
export const NO_DEFAULTS: Defaults = { tipo: '', local: '', forma: '', status: '', estado: '' };

/** The defaults as the confirmation sends them. */
export function defaultsBody(d: Defaults): NonNullable<ImportacaoConfirmarBody['defaults']> {
  const id = (v: string) => (v ? Number(v) : null);
  return {
    tipo: id(d.tipo),
    local: id(d.local),
    forma: id(d.forma),
    status: (d.status || null) as NonNullable<ImportacaoConfirmarBody['defaults']>['status'],
    estado: (d.estado || null) as NonNullable<ImportacaoConfirmarBody['defaults']>['estado'],
  };
}

const STATUS_LABELS: Record<string, string> = { ...PATRIMONIO_STATUS_LABELS, ...IMPORTACAO_STATUS_LABELS };

/** "Valores padrão": what rows without a type, place, form, status or state get. */
export function DefaultsSection({
  options,
  value,
  onChange,
}: {
  options: Record<ImportacaoCatalog, Option[]>;
  value: Defaults;
  onChange: (d: Defaults) => void;
}) {
  const select = (field: keyof Defaults, label: string, items: Array<{ value: string; label: string }>) => (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <TextField
        select
        fullWidth
        size="small"
        label={label}
        value={value[field]}
        onChange={(e) => onChange({ ...value, [field]: e.target.value })}
        slotProps={{ htmlInput: { 'data-testid': `padrao-${field}` } }}
      >
        <MenuItem value="">
          <em>Nenhum</em>
        </MenuItem>
        {items.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    </Grid>
  );
  const named = (list: Option[]) => list.map((o) => ({ value: String(o.id), label: o.name }));
  const setorName = new Map(options.setor.map((s) => [s.id, s.name]));
  return (
    <section aria-label="Valores padrão">
      <Typography variant="h3" sx={{ mt: 3, mb: 1 }}>
        Valores padrão
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Aplicados às linhas em que o arquivo não tem o valor (ou não tem a coluna). O local padrão vale só para os bens
        do setor dele.
      </Typography>
      <Grid container spacing={2}>
        {select('tipo', 'Tipo de bem', named(options.tipo))}
        {select(
          'local',
          'Local',
          options.local.map((o) => ({
            value: String(o.id),
            label: `${o.name}${o.sectorId ? ` (${setorName.get(o.sectorId) ?? ''})` : ''}`,
          })),
        )}
        {select('forma', 'Forma de aquisição', named(options.forma))}
        {select(
          'status',
          'Status',
          IMPORTACAO_STATUS_CHOICES.map((v) => ({ value: v, label: STATUS_LABELS[v] })),
        )}
        {select(
          'estado',
          'Estado de conservação',
          ESTADOS_CONSERVACAO.map((v) => ({ value: v, label: ESTADO_CONSERVACAO_LABELS[v] })),
        )}
      </Grid>
    </section>
  );
}
