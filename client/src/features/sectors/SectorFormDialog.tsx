import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { sectorCreateBody, type Sector } from '@tombo/shared';
import { RecordDialog, useDialogForm } from '../../components/register/crud';
import { FormText } from '../../components/register/form';

export const sectorForm = sectorCreateBody.pick({ name: true, code: true });
export type SectorFormValues = z.output<typeof sectorForm>;

interface Props {
  open: boolean;
  sector: Sector | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (values: SectorFormValues) => void;
}

const codeInput = {
  htmlInput: { maxLength: 2, style: { textTransform: 'uppercase' }, autoCapitalize: 'characters' },
} as const;

/** Sector form: Nome + Código (2 characters, upper case). */
export function SectorFormDialog({ open, sector, busy, onClose, onSubmit }: Props) {
  const { control, handleSubmit } = useDialogForm(open, sector, {
    resolver: zodResolver(sectorForm),
    values: (s) => ({ name: s?.name ?? '', code: s?.code ?? '' }),
  });
  return (
    <RecordDialog
      open={open}
      id="sector-form"
      title={sector ? 'Editar Setor' : 'Novo Setor'}
      busy={busy}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
    >
      <FormText
        control={control}
        name="name"
        id="sector-name"
        label="Nome"
        help=""
        fullWidth
        margin="normal"
        autoFocus
        required
      />
      <FormText
        control={control}
        name="code"
        id="sector-code"
        label="Código"
        fullWidth
        margin="normal"
        required
        transform={(s) => s.toUpperCase()}
        help="Duas letras ou números (usado na numeração dos bens)."
        slotProps={codeInput}
      />
    </RecordDialog>
  );
}
