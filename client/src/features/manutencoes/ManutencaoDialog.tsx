import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  MANUTENCAO_MSG,
  RECORRENCIAS_MANUTENCAO,
  RECORRENCIA_MANUTENCAO_LABELS,
  STATUS_MANUTENCAO,
  STATUS_MANUTENCAO_LABELS,
  TIPOS_MANUTENCAO,
  TIPO_MANUTENCAO_LABELS,
  formatDate,
  formatMoneyInput,
  parseDateBR,
  parseMoney,
  type Manutencao,
} from '@tombo/shared';
import { FormDate } from '../../components/register/form';
import type { ManutencaoBody } from './api';
import { AnexosPanel } from './AnexosPanel';
import { ImovelPicker } from './ImovelPicker';

const money = (label: string) =>
  z.string().transform((v, ctx) => {
    if (!v.trim()) return null;
    const parsed = parseMoney(v);
    if (parsed == null) {
      ctx.addIssue({ code: 'custom', message: MANUTENCAO_MSG.custoInvalid(label).replace('1234.56', '1.234,56') });
      return z.NEVER;
    }
    return parsed;
  });
const text = z.string().transform((v) => v.trim() || null);

/** The form: the API's rules, with the date typed as dd/mm/aaaa and money as 1.234,56. */
const form = z.object({
  imovelId: z.number({ error: MANUTENCAO_MSG.imovelRequired }),
  titulo: z
    .string()
    .trim()
    .min(1, { error: MANUTENCAO_MSG.tituloRequired })
    .max(200, { error: MANUTENCAO_MSG.tituloTooLong }),
  tipo: z.enum(TIPOS_MANUTENCAO, { error: MANUTENCAO_MSG.tipoInvalid }),
  dataPrevista: z.string().transform((v, ctx) => {
    const iso = parseDateBR(v);
    if (!iso) {
      ctx.addIssue({ code: 'custom', message: v.trim() ? MANUTENCAO_MSG.dateInvalid : MANUTENCAO_MSG.dateRequired });
      return z.NEVER;
    }
    return iso;
  }),
  status: z.enum(STATUS_MANUTENCAO),
  responsavel: text,
  custoEstimado: money('Custo estimado'),
  custoReal: money('Custo real'),
  recorrencia: z.union([z.literal(''), z.enum(RECORRENCIAS_MANUTENCAO)]).transform((v) => v || null),
  observacoes: text,
});
type Values = z.output<typeof form>;
interface Input {
  imovelId: number | null;
  titulo: string;
  tipo: string;
  dataPrevista: string;
  status: string;
  responsavel: string;
  custoEstimado: string;
  custoReal: string;
  recorrencia: string;
  observacoes: string;
}
const initial = (m: Manutencao | null, imovelId: number | null): Input => ({
  imovelId: m?.imovelId ?? imovelId,
  titulo: m?.titulo ?? '',
  tipo: m?.tipo ?? 'preventiva',
  dataPrevista: m ? formatDate(m.dataPrevista) : '',
  // 'Atrasada' is shown, not stored: the form starts at 'Pendente' and sends the status only if changed.
  status: m ? (m.status === 'atrasada' ? 'pendente' : m.status) : 'pendente',
  responsavel: m?.responsavel ?? '',
  custoEstimado: m?.custoEstimado ? formatMoneyInput(m.custoEstimado) : '',
  custoReal: m?.custoReal ? formatMoneyInput(m.custoReal) : '',
  recorrencia: m?.recorrencia ?? '',
  observacoes: m?.observacoes ?? '',
});

interface Props {
  open: boolean;
  /** The task edited (null: a new one). */
  task: Manutencao | null;
  /** A new task's property (the property's page, or `?imovelId=`). */
  imovelId?: number | null;
  canManage: boolean;
  busy: boolean;
  onClose: () => void;
  /** An attachment was added or removed (the task's new version). */
  onTaskChanged: (m: Manutencao) => void;
  onSubmit: (body: ManutencaoBody | Omit<ManutencaoBody, 'status'>) => void;
}

/** "Nova tarefa" / "Editar tarefa": the task's fields and, once saved, its attachments. */
export function ManutencaoDialog({
  open,
  task,
  imovelId = null,
  canManage,
  busy,
  onClose,
  onTaskChanged,
  onSubmit,
}: Props) {
  const phone = useMediaQuery('(max-width:767.98px)');
  const { control, register, handleSubmit, reset, formState } = useForm<Input, unknown, Values>({
    resolver: zodResolver(form) as never,
    defaultValues: initial(task, imovelId),
  });
  useEffect(() => {
    if (open) reset(initial(task, imovelId));
    // Only when the dialog opens or another task is shown: live refreshes must not wipe what is typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, task?.id, reset]);
  const { errors } = formState;
  const submit = (v: Values) => {
    if (task?.status === 'atrasada' && !formState.dirtyFields.status) {
      const { status: _unchanged, ...rest } = v;
      return onSubmit(rest);
    }
    onSubmit(v);
  };
  const readOnly = !canManage;
  const select = (name: keyof Input, label: string, options: Array<[string, string]>, id: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          id={id}
          label={label}
          margin="normal"
          fullWidth
          disabled={readOnly}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!errors[name]}
          helperText={errors[name]?.message}
        >
          {options.map(([v, l]) => (
            <MenuItem key={v} value={v}>
              {l}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
  const twoCols = { display: 'grid', gap: { xs: 0, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="manutencao-form-title"
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
    >
      <form noValidate onSubmit={handleSubmit(submit)}>
        <DialogTitle id="manutencao-form-title">
          {task ? (canManage ? 'Editar tarefa' : 'Tarefa de manutenção') : 'Nova tarefa de manutenção'}
        </DialogTitle>
        <DialogContent>
          <Controller
            control={control}
            name="imovelId"
            render={({ field }) => (
              <ImovelPicker
                value={field.value}
                onChange={field.onChange}
                inputRef={field.ref}
                disabled={readOnly}
                error={errors.imovelId?.message}
              />
            )}
          />
          <TextField
            {...register('titulo')}
            id="manutencao-titulo"
            label="Título"
            fullWidth
            margin="normal"
            required
            disabled={readOnly}
            error={!!errors.titulo}
            helperText={errors.titulo?.message}
          />
          <Box sx={twoCols}>
            {select(
              'tipo',
              'Tipo',
              TIPOS_MANUTENCAO.map((t) => [t, TIPO_MANUTENCAO_LABELS[t]]),
              'manutencao-tipo',
            )}
            <FormDate
              control={control}
              name="dataPrevista"
              id="manutencao-data"
              label="Data prevista"
              margin="normal"
              required
              disabled={readOnly}
            />
          </Box>
          <Box sx={twoCols}>
            {select(
              'status',
              'Status',
              STATUS_MANUTENCAO.map((s) => [s, STATUS_MANUTENCAO_LABELS[s]]),
              'manutencao-status',
            )}
            {select(
              'recorrencia',
              'Recorrência',
              [
                ['', 'Não se repete'],
                ...RECORRENCIAS_MANUTENCAO.map((r): [string, string] => [r, RECORRENCIA_MANUTENCAO_LABELS[r]]),
              ],
              'manutencao-recorrencia',
            )}
          </Box>
          <TextField
            {...register('responsavel')}
            id="manutencao-responsavel"
            label="Responsável"
            fullWidth
            margin="normal"
            disabled={readOnly}
            error={!!errors.responsavel}
            helperText={errors.responsavel?.message ?? 'Pessoa ou empresa prestadora (opcional).'}
          />
          <Box sx={twoCols}>
            <TextField
              {...register('custoEstimado')}
              id="manutencao-custo-estimado"
              label="Custo estimado (R$)"
              margin="normal"
              disabled={readOnly}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              error={!!errors.custoEstimado}
              helperText={errors.custoEstimado?.message}
            />
            <TextField
              {...register('custoReal')}
              id="manutencao-custo-real"
              label="Custo real (R$)"
              margin="normal"
              disabled={readOnly}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              error={!!errors.custoReal}
              helperText={errors.custoReal?.message}
            />
          </Box>
          <TextField
            {...register('observacoes')}
            id="manutencao-observacoes"
            label="Observações"
            fullWidth
            margin="normal"
            multiline
            minRows={2}
            disabled={readOnly}
            error={!!errors.observacoes}
            helperText={errors.observacoes?.message}
          />
          {task && <AnexosPanel task={task} canManage={canManage} onChanged={onTaskChanged} />}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {canManage ? 'Cancelar' : 'Fechar'}
          </Button>
          {canManage && (
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? 'Salvando...' : task ? 'Salvar alterações' : 'Criar tarefa'}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
