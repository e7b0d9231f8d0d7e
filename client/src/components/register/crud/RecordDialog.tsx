import { useEffect, type FormEvent, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

/**
 * The form of a record dialog, reset to `values(record)` each time the dialog opens (a new record when
 * `record` is null), so a closed dialog never keeps what was typed into another record.
 */
export function useDialogForm<I extends FieldValues, R, O = I>(
  open: boolean,
  record: R | null,
  opts: { resolver: Resolver<I, unknown, O>; values: (record: R | null) => I },
): UseFormReturn<I, unknown, O> {
  const form = useForm<I, unknown, O>({
    resolver: opts.resolver,
    defaultValues: opts.values(null) as DefaultValues<I>,
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(opts.values(record));
    // The values are read when the dialog opens, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, record, reset]);
  return form;
}

interface Props {
  open: boolean;
  /** "Novo Setor" / "Editar Setor". */
  title: string;
  /** Prefix of the title's id (`<id>-title`, the dialog's accessible name). */
  id: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  maxWidth?: 'xs' | 'sm' | 'md';
  fullScreen?: boolean;
  children: ReactNode;
}

/** A create / edit dialog: title, the inputs, "Cancelar" and "Salvar" (closing is refused while saving). */
export function RecordDialog({
  open,
  title,
  id,
  busy,
  onClose,
  onSubmit,
  maxWidth = 'xs',
  fullScreen,
  children,
}: Props) {
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={fullScreen}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Salvando...' : 'Salvar'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
