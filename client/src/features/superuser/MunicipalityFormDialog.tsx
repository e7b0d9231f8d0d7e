import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  INVITATION_TTL_DAYS,
  SUPERUSER_MSG,
  UFS,
  UF_IBGE,
  cnpjSchema,
  codigoIbgeSchema,
  formatCnpj,
  slugSchema,
  trimmed,
  ufSchema,
  type Municipality,
} from '@tombo/shared';

const email = z.email({ error: 'Informe um e-mail válido.' }).trim().toLowerCase().max(254);
const fields = {
  name: trimmed('Nome', 160),
  uf: ufSchema,
  codigoIbge: codigoIbgeSchema,
  cnpj: z.union([z.literal(''), cnpjSchema]),
  slug: slugSchema,
};
const ibgeUf = (v: { uf: string; codigoIbge: string }, ctx: z.RefinementCtx) => {
  const code = UF_IBGE[v.uf as keyof typeof UF_IBGE];
  if (code && /^\d{7}$/.test(v.codigoIbge) && !v.codigoIbge.startsWith(code))
    ctx.addIssue({ code: 'custom', path: ['codigoIbge'], message: SUPERUSER_MSG.ibgeUf });
};
const edit = { ...fields, adminName: z.string(), adminEmail: z.string() };
const editForm = z.object(edit).superRefine(ibgeUf);
/**
 * A municipality registered before UF and IBGE code were asked for (the route leaves them optional) can be saved
 * without them: they stay blank until known, and a stored one cannot be blanked.
 */
const editFormMissingPlace = z
  .object({
    ...edit,
    uf: z.union([z.literal(''), ufSchema]),
    codigoIbge: z.union([z.literal(''), codigoIbgeSchema]),
  })
  .superRefine(ibgeUf);
const schemaFor = (m: Municipality | null) =>
  !m ? createForm : !m.uf && !m.codigoIbge ? editFormMissingPlace : editForm;
const createForm = z
  .object({ ...fields, adminName: trimmed('Nome do administrador', 120), adminEmail: email })
  .superRefine(ibgeUf);
export type MunicipalityFormValues = z.output<typeof createForm>;

/** A slug suggested from the name: lower case, no accents, hyphens. */
export const slugOf = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/^prefeitura( municipal)? de /, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

interface Props {
  open: boolean;
  municipality: Municipality | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (values: MunicipalityFormValues) => void;
}

/** Create (with the first admin, who receives an invitation) or edit a municipality. */
export function MunicipalityFormDialog({ open, municipality, busy, onClose, onSubmit }: Props) {
  const phone = useMediaQuery('(max-width:767.98px)');
  const creating = !municipality;
  const { register, control, handleSubmit, reset, setValue, formState } = useForm<MunicipalityFormValues>({
    resolver: zodResolver(schemaFor(municipality)) as never,
  });
  useEffect(() => {
    if (open)
      reset({
        name: municipality?.name ?? '',
        uf: (municipality?.uf ?? '') as never,
        codigoIbge: municipality?.codigoIbge ?? '',
        cnpj: municipality?.cnpj ? formatCnpj(municipality.cnpj) : '',
        slug: municipality?.slug ?? '',
        adminName: '',
        adminEmail: '',
      });
  }, [open, municipality, reset]);
  const { errors, dirtyFields } = formState;
  const nameField = register('name');

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="municipality-form-title"
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle id="municipality-form-title">{creating ? 'Novo Município' : 'Editar Município'}</DialogTitle>
        <DialogContent>
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12 }}>
              <TextField
                {...nameField}
                onChange={(e) => {
                  void nameField.onChange(e);
                  if (creating && !dirtyFields.slug) setValue('slug', slugOf(e.target.value));
                }}
                id="municipality-name"
                label="Nome"
                fullWidth
                margin="normal"
                required
                autoFocus
                error={!!errors.name}
                helperText={errors.name?.message ?? 'Ex.: Prefeitura Municipal de São José'}
              />
            </Grid>
            <Grid size={{ xs: 4, sm: 3 }}>
              <Controller
                control={control}
                name="uf"
                render={({ field }) => (
                  <TextField
                    select
                    id="municipality-uf"
                    label="UF"
                    fullWidth
                    margin="normal"
                    required
                    {...field}
                    value={field.value ?? ''}
                    error={!!errors.uf}
                    helperText={errors.uf?.message}
                  >
                    {[...UFS].sort().map((uf) => (
                      <MenuItem key={uf} value={uf}>
                        {uf}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 8, sm: 4 }}>
              <TextField
                {...register('codigoIbge')}
                id="municipality-ibge"
                label="Código IBGE"
                fullWidth
                margin="normal"
                required
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
                error={!!errors.codigoIbge}
                helperText={errors.codigoIbge?.message ?? '7 dígitos'}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 5 }}>
              <TextField
                {...register('cnpj')}
                id="municipality-cnpj"
                label="CNPJ (opcional)"
                fullWidth
                margin="normal"
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 18 }, inputLabel: { shrink: true } }}
                error={!!errors.cnpj}
                helperText={errors.cnpj?.message}
                onBlur={(e) => {
                  const d = e.target.value.replace(/\D/g, '');
                  if (d.length === 14) setValue('cnpj', formatCnpj(d));
                }}
              />
            </Grid>
            <Grid size={{ xs: 12 }}>
              <TextField
                {...register('slug')}
                id="municipality-slug"
                label="Identificador para endereços públicos (slug)"
                fullWidth
                margin="normal"
                required
                slotProps={{ inputLabel: { shrink: true } }}
                error={!!errors.slug}
                helperText={errors.slug?.message ?? 'Letras minúsculas, números e hífens; usado na consulta pública.'}
              />
            </Grid>
          </Grid>
          {creating && (
            <>
              <Typography variant="subtitle1" sx={{ mt: 2, fontWeight: 600 }}>
                Primeiro administrador
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Receberá por e-mail um convite para criar a senha (válido por {INVITATION_TTL_DAYS} dias).
              </Typography>
              <TextField
                {...register('adminName')}
                id="municipality-admin-name"
                label="Nome do administrador"
                fullWidth
                margin="normal"
                required
                error={!!errors.adminName}
                helperText={errors.adminName?.message}
              />
              <TextField
                {...register('adminEmail')}
                id="municipality-admin-email"
                label="E-mail do administrador"
                type="email"
                fullWidth
                margin="normal"
                required
                error={!!errors.adminEmail}
                helperText={errors.adminEmail?.message}
              />
            </>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Salvando...' : creating ? 'Criar e enviar convite' : 'Salvar'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
