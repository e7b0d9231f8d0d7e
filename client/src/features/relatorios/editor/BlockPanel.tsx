import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import {
  REPORT_BLOCK_LABELS,
  REPORT_CHART_KINDS,
  REPORT_GROUP_BY,
  REPORT_GROUP_BY_LABELS,
  REPORT_MEASURES,
  REPORT_MEASURE_LABELS,
  type ReportBlock,
} from '@tombo/shared';

interface Props {
  block: ReportBlock;
  /** Applies a change of position/size (refused when it would overlap: returns false). */
  onRect: (rect: Pick<ReportBlock, 'x' | 'y' | 'w' | 'h'>) => boolean;
  onChange: (next: ReportBlock) => void;
  onRemove: () => void;
}

const CHART_KIND_LABELS = { bar: 'Barras', pie: 'Pizza' } as const;

/** The selected block: position and size as numbers (the keyboard alternative to dragging), styles, content. */
export function BlockPanel({ block: b, onRect, onChange, onRemove }: Props) {
  const styles = (patch: Partial<ReportBlock['styles']>) => onChange({ ...b, styles: { ...b.styles, ...patch } });
  const props = (patch: Partial<ReportBlock['props']>) => onChange({ ...b, props: { ...b.props, ...patch } });
  const num = (key: 'x' | 'y' | 'w' | 'h', label: string, min: number, max: number) => (
    <TextField
      id={`block-${key}`}
      label={label}
      type="number"
      size="small"
      value={key === 'x' || key === 'y' ? b[key] + 1 : b[key]}
      onChange={(e) => {
        const v = Number(e.target.value) - (key === 'x' || key === 'y' ? 1 : 0);
        if (Number.isInteger(v)) onRect({ x: b.x, y: b.y, w: b.w, h: b.h, [key]: v });
      }}
      slotProps={{ htmlInput: { min, max } }}
      sx={{ width: 70 }}
    />
  );
  return (
    <Stack spacing={2} aria-label={`Propriedades do bloco ${REPORT_BLOCK_LABELS[b.type]}`} role="group">
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
        Bloco: {REPORT_BLOCK_LABELS[b.type]}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {num('x', 'Coluna', 1, 12)}
        {num('y', 'Linha', 1, 201)}
        {num('w', 'Largura', 1, 12)}
        {num('h', 'Altura', 1, 60)}
      </Box>
      {b.type !== 'TABLE' && b.type !== 'CHART' && (
        <TextField
          id="block-content"
          label={b.type === 'HEADER' ? 'Título (vazio = nome do modelo)' : 'Texto'}
          multiline
          minRows={b.type === 'TEXT' ? 3 : 1}
          value={b.props.content ?? ''}
          onChange={(e) => props({ content: e.target.value || undefined })}
          helperText="Use {{total_bens}}, {{valor_total}}, {{data}} e {{municipio}}."
        />
      )}
      {b.type === 'CHART' && (
        <>
          <TextField
            select
            id="block-chart-kind"
            size="small"
            label="Tipo de gráfico"
            value={b.props.chartKind ?? 'bar'}
            onChange={(e) => props({ chartKind: e.target.value as 'bar' | 'pie' })}
          >
            {REPORT_CHART_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {CHART_KIND_LABELS[k]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            id="block-group-by"
            size="small"
            label="Agrupar por"
            value={b.props.groupBy ?? 'status'}
            onChange={(e) => props({ groupBy: e.target.value as ReportBlock['props']['groupBy'] })}
          >
            {REPORT_GROUP_BY.map((g) => (
              <MenuItem key={g} value={g}>
                {REPORT_GROUP_BY_LABELS[g]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            id="block-measure"
            size="small"
            label="Medida"
            value={b.props.measure ?? 'quantidade'}
            onChange={(e) => props({ measure: e.target.value as ReportBlock['props']['measure'] })}
          >
            {REPORT_MEASURES.map((m) => (
              <MenuItem key={m} value={m}>
                {REPORT_MEASURE_LABELS[m]}
              </MenuItem>
            ))}
          </TextField>
        </>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TextField
          id="block-font-size"
          label="Fonte (pt)"
          type="number"
          size="small"
          value={b.styles.fontSize ?? ''}
          onChange={(e) => styles({ fontSize: e.target.value ? Number(e.target.value) : undefined })}
          slotProps={{ htmlInput: { min: 6, max: 40 } }}
          sx={{ width: 110 }}
        />
        <TextField
          select
          id="block-align"
          size="small"
          label="Alinhamento"
          value={b.styles.align ?? 'left'}
          onChange={(e) => styles({ align: e.target.value as 'left' | 'center' | 'right' })}
          sx={{ width: 140 }}
        >
          <MenuItem value="left">Esquerda</MenuItem>
          <MenuItem value="center">Centro</MenuItem>
          <MenuItem value="right">Direita</MenuItem>
        </TextField>
        <TextField
          id="block-color"
          label="Cor do texto"
          type="color"
          size="small"
          value={b.styles.color ?? '#1b1b1b'}
          onChange={(e) => styles({ color: e.target.value })}
          sx={{ width: 120 }}
        />
      </Box>
      <Box>
        <FormControlLabel
          control={<Switch checked={!!b.styles.bold} onChange={(e) => styles({ bold: e.target.checked })} />}
          label="Negrito"
        />
        <FormControlLabel
          control={<Switch checked={!!b.styles.italic} onChange={(e) => styles({ italic: e.target.checked })} />}
          label="Itálico"
        />
      </Box>
      <Button color="error" variant="outlined" startIcon={<DeleteOutline />} onClick={onRemove}>
        Remover bloco
      </Button>
    </Stack>
  );
}
