import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import FormatAlignCenter from '@mui/icons-material/FormatAlignCenter';
import FormatAlignLeft from '@mui/icons-material/FormatAlignLeft';
import FormatAlignRight from '@mui/icons-material/FormatAlignRight';
import FormatBold from '@mui/icons-material/FormatBold';
import { LABEL_FIELDS, type LabelElement, type LabelElementType } from '@tombo/shared';

/** pt-BR names of the element kinds. */
export const ELEMENT_LABELS: Record<LabelElementType, string> = {
  LOGO: 'Logo',
  PATRIMONIO_FIELD: 'Campo do bem',
  TEXT: 'Texto livre',
  QRCODE: 'QR code',
  BARCODE: 'Código de barras',
};

/** A number field in mm (decimal comma accepted). */
function MmField(p: { label: string; value: number; onChange: (v: number) => void; error?: string; unit?: string }) {
  return (
    <TextField
      size="small"
      type="number"
      label={`${p.label} (${p.unit ?? 'mm'})`}
      value={Number.isFinite(p.value) ? p.value : ''}
      onChange={(e) => p.onChange(Number(e.target.value.replace(',', '.')))}
      error={!!p.error}
      helperText={p.error}
      slotProps={{ htmlInput: { step: 0.5, inputMode: 'decimal' } }}
      sx={{ flex: '1 1 100px' }}
    />
  );
}

/**
 * The selected element's properties: position and size in mm, font, weight, alignment, and its content
 * (an asset field or a free text). `errors` are the server/zod messages by field.
 */
export function ElementPanel({
  element: e,
  onChange,
  onRemove,
  errors,
  customFields,
}: {
  element: LabelElement;
  onChange: (patch: Partial<LabelElement>) => void;
  onRemove: () => void;
  errors: Record<string, string>;
  customFields: Array<{ key: string; label: string }>;
}) {
  const hasText = e.type === 'PATRIMONIO_FIELD' || e.type === 'TEXT' || e.type === 'LOGO';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="element-panel">
      <Typography variant="subtitle2">{ELEMENT_LABELS[e.type]}</Typography>
      {e.type === 'PATRIMONIO_FIELD' && (
        <TextField
          select
          size="small"
          label="Campo"
          value={e.content}
          onChange={(ev) => onChange({ content: ev.target.value })}
          error={!!errors.content}
          helperText={errors.content}
        >
          {Object.entries(LABEL_FIELDS).map(([k, label]) => (
            <MenuItem key={k} value={k}>
              {label}
            </MenuItem>
          ))}
          {customFields.map((f) => (
            <MenuItem key={f.key} value={`cf:${f.key}`}>
              {f.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {e.type === 'TEXT' && (
        <TextField
          size="small"
          label="Texto"
          value={e.content}
          onChange={(ev) => onChange({ content: ev.target.value })}
          error={!!errors.content}
          helperText={errors.content}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <MmField label="X" value={e.x} onChange={(x) => onChange({ x })} error={errors.x} />
        <MmField label="Y" value={e.y} onChange={(y) => onChange({ y })} error={errors.y} />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <MmField label="Largura" value={e.width} onChange={(width) => onChange({ width })} error={errors.width} />
        <MmField label="Altura" value={e.height} onChange={(height) => onChange({ height })} error={errors.height} />
      </Box>
      {hasText && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <MmField
            label="Fonte"
            unit="pt"
            value={e.fontSize}
            onChange={(fontSize) => onChange({ fontSize })}
            error={errors.fontSize}
          />
          <ToggleButton
            size="small"
            value="bold"
            selected={e.fontWeight === 'bold'}
            onChange={() => onChange({ fontWeight: e.fontWeight === 'bold' ? 'normal' : 'bold' })}
            aria-label="Negrito"
          >
            <FormatBold fontSize="small" />
          </ToggleButton>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={e.textAlign}
            onChange={(_ev, v) => v && onChange({ textAlign: v })}
            aria-label="Alinhamento"
          >
            <ToggleButton value="left" aria-label="Alinhar à esquerda">
              <FormatAlignLeft fontSize="small" />
            </ToggleButton>
            <ToggleButton value="center" aria-label="Centralizar">
              <FormatAlignCenter fontSize="small" />
            </ToggleButton>
            <ToggleButton value="right" aria-label="Alinhar à direita">
              <FormatAlignRight fontSize="small" />
            </ToggleButton>
          </ToggleButtonGroup>
        </Box>
      )}
      <Button color="error" startIcon={<DeleteOutline />} onClick={onRemove} sx={{ alignSelf: 'flex-start' }}>
        Remover elemento
      </Button>
    </Box>
  );
}
