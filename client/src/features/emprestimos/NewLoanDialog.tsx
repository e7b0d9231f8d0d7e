import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  LOAN_MSG,
  addDaysISO,
  dueDateProblem,
  emprestimoCreateBody,
  formatDate,
  loanToday,
  parseDateBR,
  type EmprestimoBem,
} from '@tombo/shared';
import { sortByName, useSectors } from '../sectors';
import type { NewLoanBody } from './api';
import { FormDate } from '../../components/register/form';
import { FormActions } from './FormActions';
import { useLoanBens } from './queries';

const shape = emprestimoCreateBody.shape;
/** The form: the API's rules, with the date typed as dd/mm/aaaa. */
const newLoanForm = z.object({
  patrimonioId: z.number({ error: 'Selecione o bem a emprestar.' }),
  tomadorNome: shape.tomadorNome,
  tomadorDocumento: shape.tomadorDocumento,
  tomadorContato: shape.tomadorContato,
  setorDestinoId: z.union([z.literal(''), z.number()]).transform((v) => (v === '' ? null : v)),
  dataPrevista: z.string().transform((v, ctx) => {
    const iso = parseDateBR(v);
    const problem = iso ? dueDateProblem(iso) : v.trim() ? LOAN_MSG.dueDateInvalid : LOAN_MSG.dueDateRequired;
    if (problem || !iso) {
      ctx.addIssue({ code: 'custom', message: problem ?? LOAN_MSG.dueDateInvalid });
      return z.NEVER;
    }
    return iso;
  }),
  observacoes: shape.observacoes,
});
type Values = z.output<typeof newLoanForm>;
interface Input {
  patrimonioId: number | null;
  tomadorNome: string;
  tomadorDocumento: string;
  tomadorContato: string;
  setorDestinoId: number | '';
  dataPrevista: string;
  observacoes: string;
}
const empty = (): Input => ({
  patrimonioId: null,
  tomadorNome: '',
  tomadorDocumento: '',
  tomadorContato: '',
  setorDestinoId: '',
  dataPrevista: formatDate(addDaysISO(loanToday(), 7)),
  observacoes: '',
});

interface Props {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onSubmit: (body: NewLoanBody) => void;
}

/** "Novo empréstimo": the asset (searched by number or description), who takes it, for which sector, until when. */
export function NewLoanDialog({ open, busy, onClose, onSubmit }: Props) {
  const phone = useMediaQuery('(max-width:767.98px)');
  const { control, register, handleSubmit, reset, setValue, watch, formState } = useForm<Input, unknown, Values>({
    resolver: zodResolver(newLoanForm) as never,
    defaultValues: empty(),
  });
  const [selected, setSelected] = useState<EmprestimoBem | null>(null);
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(t);
  }, [search]);
  useEffect(() => {
    if (!open) return;
    reset(empty());
    setSelected(null);
    setSearch('');
  }, [open, reset]);
  const bens = useLoanBens(debounced, open);
  const options = bens.data ?? [];
  const shown = selected && !options.some((o) => o.id === selected.id) ? [selected, ...options] : options;
  const sectors = sortByName(useSectors().data?.sectors ?? []).filter((s) => s.id !== selected?.sectorId);
  const destino = watch('setorDestinoId');
  const { errors } = formState;

  const submit = (v: Values) =>
    onSubmit({
      patrimonioId: v.patrimonioId,
      tomadorNome: v.tomadorNome,
      tomadorDocumento: v.tomadorDocumento,
      tomadorContato: v.tomadorContato,
      setorDestinoId: v.setorDestinoId,
      dataPrevistaDevolucao: v.dataPrevista,
      observacoes: v.observacoes,
    });

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="emprestimo-form-title"
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
    >
      <form noValidate onSubmit={handleSubmit(submit)}>
        <DialogTitle id="emprestimo-form-title">Novo empréstimo</DialogTitle>
        <DialogContent>
          <Controller
            control={control}
            name="patrimonioId"
            render={({ field }) => (
              <Autocomplete
                id="emprestimo-bem"
                options={shown}
                value={selected}
                onChange={(_e, v) => {
                  setSelected(v);
                  field.onChange(v?.id ?? null);
                  if (v && destino === v.sectorId) setValue('setorDestinoId', '');
                }}
                inputValue={search}
                onInputChange={(_e, v) => setSearch(v)}
                filterOptions={(x) => x}
                getOptionLabel={(o) => `${o.numero_patrimonio} — ${o.descricao_bem}`}
                getOptionDisabled={(o) => !!o.indisponivel}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                loading={bens.isFetching}
                loadingText="Buscando bens..."
                noOptionsText="Nenhum bem encontrado."
                renderOption={(props, o) => {
                  const { key, ...rest } = props as typeof props & { key: string };
                  return (
                    <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
                      <Typography variant="body2" sx={{ fontWeight: 700 }}>
                        {o.numero_patrimonio}
                      </Typography>
                      <Typography variant="body2">{o.descricao_bem}</Typography>
                      <Typography variant="caption" color={o.indisponivel ? 'error' : 'text.secondary'}>
                        {o.indisponivel ?? o.setor_responsavel}
                      </Typography>
                    </Box>
                  );
                }}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    inputRef={field.ref}
                    label="Bem"
                    placeholder="Número ou descrição"
                    margin="normal"
                    required
                    autoFocus
                    error={!!errors.patrimonioId}
                    helperText={
                      errors.patrimonioId?.message ??
                      (selected ? `Setor: ${selected.setor_responsavel}` : 'Busque pelo número ou pela descrição.')
                    }
                  />
                )}
              />
            )}
          />
          <TextField
            {...register('tomadorNome')}
            id="emprestimo-tomador"
            label="Nome de quem recebe"
            fullWidth
            margin="normal"
            required
            error={!!errors.tomadorNome}
            helperText={errors.tomadorNome?.message}
          />
          <Box sx={{ display: 'grid', gap: { xs: 0, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              {...register('tomadorDocumento')}
              id="emprestimo-documento"
              label="Documento"
              margin="normal"
              error={!!errors.tomadorDocumento}
              helperText={errors.tomadorDocumento?.message ?? 'CPF, CNPJ, RG ou matrícula (opcional).'}
            />
            <TextField
              {...register('tomadorContato')}
              id="emprestimo-contato"
              label="Contato"
              margin="normal"
              error={!!errors.tomadorContato}
              helperText={errors.tomadorContato?.message ?? 'Telefone ou e-mail (opcional).'}
            />
          </Box>
          <Box sx={{ display: 'grid', gap: { xs: 0, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Controller
              control={control}
              name="setorDestinoId"
              render={({ field }) => (
                <TextField
                  select
                  id="emprestimo-setor"
                  label="Setor de destino"
                  margin="normal"
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={!!errors.setorDestinoId}
                  helperText={errors.setorDestinoId?.message ?? 'Se o bem vai para outro setor.'}
                >
                  <MenuItem value="">Nenhum (uso pessoal)</MenuItem>
                  {sectors.map((s) => (
                    <MenuItem key={s.id} value={s.id}>
                      {s.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <FormDate
              control={control}
              name="dataPrevista"
              id="emprestimo-devolucao"
              label="Devolução prevista"
              margin="normal"
              required
            />
          </Box>
          <TextField
            {...register('observacoes')}
            id="emprestimo-observacoes"
            label="Observações"
            fullWidth
            margin="normal"
            multiline
            minRows={2}
            error={!!errors.observacoes}
            helperText={errors.observacoes?.message}
          />
        </DialogContent>
        <FormActions busy={busy} label="Registrar empréstimo" onCancel={onClose} />
      </form>
    </Dialog>
  );
}
