import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useWatch, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import {
  COMISSAO_MIN_MEMBROS,
  COMISSAO_MSG,
  COMISSAO_TIPOS,
  COMISSAO_TIPO_LABELS,
  comissaoCreateBody,
  formatDate,
  parseDateBR,
  type Comissao,
  type ComissaoCreate,
  type ComissaoMembroPossivel,
} from '@tombo/shared';
import { RecordDialog, useDialogForm } from '../../components/register/crud';
import { FormDate, FormSelect, FormText } from '../../components/register/form';

/** What the inputs hold: dates as dd/mm/aaaa, the president's id as text ('' for none). */
interface Input {
  tipo: string;
  ato: string;
  dataAto: string;
  validaAte: string;
  presidenteId: string;
  membros: number[];
}

const isoFrom = z.string().transform((v, ctx) => {
  const iso = parseDateBR(v);
  if (!iso) {
    ctx.addIssue({ code: 'custom', message: COMISSAO_MSG.dataInvalida });
    return z.NEVER;
  }
  return iso;
});
// The inputs turned into the API's body, then checked by the API's own schema (one set of rules and messages).
const inputForm = z
  .object({
    tipo: z.string(),
    ato: z.string(),
    dataAto: isoFrom,
    validaAte: isoFrom,
    presidenteId: z.string().transform((v) => (v ? Number(v) : 0)),
    membros: z.array(z.number()),
  })
  .pipe(comissaoCreateBody);
const resolver = zodResolver(inputForm) as unknown as Resolver<Input, unknown, ComissaoCreate>;
const br = (iso: string | undefined) => (iso ? formatDate(iso) : '');

interface Props {
  open: boolean;
  comissao: Comissao | null;
  candidatos: ComissaoMembroPossivel[];
  busy: boolean;
  onClose: () => void;
  onSubmit: (body: ComissaoCreate) => void;
}

/** "Nova Comissão" / "Editar Comissão": the act that names it, its term, its members in order and who presides. */
export function ComissaoFormDialog({ open, comissao, candidatos, busy, onClose, onSubmit }: Props) {
  const { control, handleSubmit, setValue, getValues } = useDialogForm<Input, Comissao, ComissaoCreate>(
    open,
    comissao,
    {
      resolver,
      values: (c) => ({
        tipo: c?.tipo ?? '',
        ato: c?.ato ?? '',
        dataAto: br(c?.dataAto),
        validaAte: br(c?.validaAte),
        presidenteId: c?.presidenteId ? String(c.presidenteId) : '',
        membros: (c?.membros ?? []).flatMap((m) => (m.id ? [m.id] : [])),
      }),
    },
  );
  const membros = useWatch({ control, name: 'membros' });
  // A member who left the users keeps their name in the list of the act being replaced.
  const options = useMemo(() => {
    const byId = new Map<number, string>(candidatos.map((u) => [u.id, u.name]));
    for (const m of comissao?.membros ?? []) if (m.id && !byId.has(m.id)) byId.set(m.id, m.nome);
    return [...byId].map(([id, name]) => ({ id, name }));
  }, [candidatos, comissao]);
  const nameOf = (id: number) => options.find((o) => o.id === id)?.name ?? `#${id}`;

  return (
    <RecordDialog
      open={open}
      id="comissao-form"
      title={comissao ? 'Editar Comissão' : 'Nova Comissão'}
      busy={busy}
      onClose={onClose}
      onSubmit={handleSubmit(onSubmit)}
      maxWidth="sm"
    >
      <FormSelect
        control={control}
        name="tipo"
        id="comissao-tipo"
        label="Tipo"
        fullWidth
        margin="normal"
        required
        options={COMISSAO_TIPOS.map((t) => ({ value: t, label: COMISSAO_TIPO_LABELS[t] }))}
      />
      <FormText
        control={control}
        name="ato"
        id="comissao-ato"
        label="Ato de nomeação"
        help="Por exemplo: Portaria nº 12/2026."
        fullWidth
        margin="normal"
        required
      />
      <FormDate
        control={control}
        name="dataAto"
        id="comissao-data-ato"
        label="Data do ato"
        fullWidth
        margin="normal"
        required
      />
      <FormDate
        control={control}
        name="validaAte"
        id="comissao-valida-ate"
        label="Válida até"
        help="Depois desta data a comissão não pode atuar até um novo ato."
        fullWidth
        margin="normal"
        required
      />
      <Controller
        control={control}
        name="membros"
        render={({ field, fieldState }) => (
          <Autocomplete
            multiple
            id="comissao-membros"
            options={options.map((o) => o.id)}
            value={field.value}
            onChange={(_e, ids) => {
              field.onChange(ids);
              if (!ids.includes(Number(getValues('presidenteId')))) setValue('presidenteId', '');
            }}
            onBlur={field.onBlur}
            getOptionLabel={nameOf}
            noOptionsText="Nenhum usuário encontrado."
            disableCloseOnSelect
            renderValue={(ids, getItemProps) =>
              ids.map((id, index) => {
                const { key, ...rest } = getItemProps({ index });
                return <Chip key={key} size="small" label={nameOf(id)} {...rest} />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                label="Membros"
                placeholder={field.value.length ? '' : 'Busque pelo nome'}
                margin="normal"
                required
                error={!!fieldState.error}
                helperText={
                  fieldState.error?.message ??
                  `Pelo menos ${COMISSAO_MIN_MEMBROS} servidores, na ordem do ato (${field.value.length} escolhidos).`
                }
              />
            )}
          />
        )}
      />
      <FormSelect
        control={control}
        name="presidenteId"
        id="comissao-presidente"
        label="Presidente"
        help="Um dos membros."
        fullWidth
        margin="normal"
        required
        disabled={membros.length === 0}
        options={membros.map((id) => ({ value: String(id), label: nameOf(id) }))}
      />
    </RecordDialog>
  );
}
