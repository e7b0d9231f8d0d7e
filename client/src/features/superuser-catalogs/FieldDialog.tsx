import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  FIELD_TYPES,
  FIELD_TYPE_LABELS,
  formFieldCreateBody,
  keyFromLabel,
  type FieldType,
  type FormField,
} from '@tombo/shared';

/** Create or edit an installation-wide field (the same rules as a municipality's: the shared schema). */
export function FieldDialog({
  open,
  field,
  busy,
  onClose,
  onSubmit,
}: {
  open: boolean;
  field: FormField | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (b: { label: string; key?: string; type: FieldType; required: boolean; options: string[] | null }) => void;
}) {
  const [label, setLabel] = useState(field?.label ?? '');
  const [key, setKey] = useState(field?.key ?? '');
  const [type, setType] = useState<FieldType>(field?.type ?? 'TEXT');
  const [required, setRequired] = useState(field?.required ?? false);
  const [options, setOptions] = useState((field?.options ?? []).join('\n'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const typeLocked = !!field && !field.isCustom;
  const submit = () => {
    const opts =
      type === 'SELECT'
        ? options
            .split('\n')
            .map((o) => o.trim())
            .filter(Boolean)
        : null;
    const body = {
      label,
      key: field ? undefined : key.trim() || undefined,
      type,
      required: field?.isSystem ? true : required,
      options: opts,
    };
    const r = formFieldCreateBody.safeParse(field ? { ...body, key: undefined } : body);
    if (!r.success) {
      const errs: Record<string, string> = {};
      for (const i of r.error.issues) errs[String(i.path[0] ?? 'label')] ??= i.message;
      return setErrors(errs);
    }
    setErrors({});
    onSubmit({ ...body, label: r.data.label });
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="field-dialog-title"
    >
      <DialogTitle id="field-dialog-title">{field ? 'Editar Campo' : 'Novo Campo'}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          id="campo-rotulo"
          label="Rótulo"
          required
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          error={!!errors.label}
          helperText={errors.label ?? 'Como o campo aparece no formulário.'}
        />
        <TextField
          fullWidth
          margin="dense"
          id="campo-chave"
          label="Chave"
          value={field ? field.key : key}
          disabled={!!field}
          placeholder={label ? keyFromLabel(label) : undefined}
          onChange={(e) => setKey(e.target.value)}
          error={!!errors.key}
          helperText={
            errors.key ??
            (field
              ? 'A chave não muda depois de criada.'
              : `Opcional; se vazia, será "${label ? keyFromLabel(label) : '…'}".`)
          }
        />
        <TextField
          select
          fullWidth
          margin="dense"
          id="campo-tipo"
          label="Tipo"
          value={type}
          disabled={typeLocked}
          onChange={(e) => setType(e.target.value as FieldType)}
          helperText={typeLocked ? 'O tipo de um campo do sistema não pode ser alterado.' : ' '}
        >
          {FIELD_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {FIELD_TYPE_LABELS[t]}
            </MenuItem>
          ))}
        </TextField>
        {type === 'SELECT' && (
          <TextField
            fullWidth
            margin="dense"
            id="campo-opcoes"
            label="Opções"
            multiline
            minRows={3}
            value={options}
            onChange={(e) => setOptions(e.target.value)}
            error={!!errors.options}
            helperText={errors.options ?? 'Uma opção por linha.'}
          />
        )}
        <FormControlLabel
          control={
            <Switch
              checked={field?.isSystem ? true : required}
              disabled={field?.isSystem}
              onChange={(e) => setRequired(e.target.checked)}
            />
          }
          label="Obrigatório"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          Salvar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
