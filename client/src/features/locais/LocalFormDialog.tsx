import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { Resolver } from 'react-hook-form';
import { localCreateBody, type Local, type Sector } from '@tombo/shared';
import { RecordDialog, useDialogForm } from '../../components/register/crud';
import { FormSelect, FormText } from '../../components/register/form';

export const localForm = localCreateBody.pick({ name: true, sectorId: true });
export type LocalFormValues = z.output<typeof localForm>;
/** The select holds the sector id as text ('' for none); the schema turns it into a number. */
type LocalFormInput = { name: string; sectorId: string };

interface Props {
  open: boolean;
  local: Local | null;
  sectors: Sector[];
  defaultSectorId?: number;
  busy: boolean;
  onClose: () => void;
  onSubmit: (values: LocalFormValues) => void;
}

const inputForm = localForm.extend({
  sectorId: z.preprocess((v) => (v === '' ? v : Number(v)), localForm.shape.sectorId),
});
const resolver = zodResolver(inputForm) as unknown as Resolver<LocalFormInput, unknown, LocalFormValues>;

/** Local form: Nome + Setor. */
export function LocalFormDialog({ open, local, sectors, defaultSectorId, busy, onClose, onSubmit }: Props) {
  const { control, handleSubmit } = useDialogForm<LocalFormInput, Local, LocalFormValues>(open, local, {
    resolver,
    values: (l) => ({ name: l?.name ?? '', sectorId: String(l?.sectorId ?? defaultSectorId ?? '') }),
  });
  return (
    <RecordDialog
      open={open}
      id="local-form"
      title={local ? 'Editar Local' : 'Novo Local'}
      busy={busy}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
    >
      <FormText
        control={control}
        name="name"
        id="local-name"
        label="Nome"
        help=""
        fullWidth
        margin="normal"
        autoFocus
        required
      />
      <FormSelect
        control={control}
        name="sectorId"
        id="local-sector"
        label="Setor"
        help=""
        fullWidth
        margin="normal"
        required
        options={sectors.map((s) => ({ value: String(s.id), label: `${s.name} (${s.code})` }))}
      />
    </RecordDialog>
  );
}
