import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  TRANSFER_LIMITS,
  TRANSFER_MSG,
  transferCreateBody,
  type PatrimonioListItem,
  type TransferType,
} from '@tombo/shared';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { useLocais } from '../locais';
import { sortByName, useSectors } from '../sectors';
import { createTransfer, type TransferResult } from './api';
import { patchTransfer } from './live';

type Asset = Pick<PatrimonioListItem, 'id' | 'numero_patrimonio' | 'descricao_bem' | 'sectorId' | 'setor_responsavel'>;
interface Draft {
  type: TransferType;
  setorDestinoId: string;
  localDestinoId: string;
  destinatario: string;
  motivo: string;
}
const EMPTY: Draft = { type: 'transferencia', setorDestinoId: '', localDestinoId: '', destinatario: '', motivo: '' };

/** The body the API takes, from what was typed (fields of the other kind left out). */
const toBody = (assetId: number, d: Draft) =>
  d.type === 'transferencia'
    ? {
        patrimonioId: assetId,
        type: d.type,
        motivo: d.motivo,
        ...(d.setorDestinoId ? { setorDestinoId: Number(d.setorDestinoId) } : {}),
        localDestinoId: d.localDestinoId ? Number(d.localDestinoId) : null,
      }
    : { patrimonioId: assetId, type: d.type, motivo: d.motivo, destinatario: d.destinatario };

interface Props {
  open: boolean;
  asset: Asset;
  onClose: () => void;
  /** After the request was created (the asset's new list row comes with it). */
  onRequested?: (result: TransferResult) => void;
}

/**
 * The asset transfer form (spec §2.3, a named screen): a transfer to another sector (and optionally one
 * of its locations) or a donation to a recipient, with the reason. Checked with the API's own schema.
 */
export function TransferRequestDialog({ open, asset, onClose, onRequested }: Props) {
  const qc = useQueryClient();
  const phone = useMediaQuery('(max-width:767.98px)');
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const sectors = sortByName(useSectors().data?.sectors ?? []).filter((s) => s.id !== asset.sectorId);
  const locais = sortByName(useLocais().data?.locais ?? []).filter((l) => String(l.sectorId) === draft.setorDestinoId);
  useEffect(() => {
    if (!open) return;
    setDraft(EMPTY);
    setErrors({});
    setConflict(null);
  }, [open]);
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    // A field the person changes loses its old error (the next submit checks it again).
    setErrors((e) => ('type' in patch ? {} : Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch)))));
  };

  const send = useMutation({
    mutationFn: createTransfer,
    onSuccess: (r) => {
      patchTransfer(qc, r.transferencia);
      toast.success(r.transferencia.type === 'doacao' ? TRANSFER_MSG.donationRequested : TRANSFER_MSG.requested);
      onRequested?.(r);
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      if (err instanceof ApiError && err.status === 409) setConflict(err.message);
      else toast.fromError(err);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = toBody(asset.id, draft);
    const parsed = transferCreateBody.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0] ?? '_')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    send.mutate(parsed.data);
  };
  const busy = send.isPending;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="transfer-request-title"
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id="transfer-request-title">Transferir ou doar bem</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Bem <strong>{asset.numero_patrimonio}</strong> — {asset.descricao_bem}
            <br />
            Setor atual: {asset.setor_responsavel}. A solicitação será analisada por um administrador ou supervisor.
          </Typography>
          {conflict && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {conflict}
            </Alert>
          )}
          <RadioGroup
            row
            aria-label="Tipo de solicitação"
            value={draft.type}
            onChange={(e) => set({ type: e.target.value as TransferType })}
          >
            <FormControlLabel value="transferencia" control={<Radio />} label="Transferência" disabled={busy} />
            <FormControlLabel value="doacao" control={<Radio />} label="Doação" disabled={busy} />
          </RadioGroup>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {draft.type === 'transferencia' ? (
              <>
                <TextField
                  select
                  id="transfer-setor"
                  label="Setor de destino"
                  required
                  fullWidth
                  value={draft.setorDestinoId}
                  onChange={(e) => set({ setorDestinoId: e.target.value, localDestinoId: '' })}
                  error={!!errors.setorDestinoId}
                  helperText={errors.setorDestinoId}
                  disabled={busy}
                >
                  {sectors.map((s) => (
                    <MenuItem key={s.id} value={String(s.id)}>
                      {s.name}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  id="transfer-local"
                  label="Local de destino (opcional)"
                  fullWidth
                  value={draft.localDestinoId}
                  onChange={(e) => set({ localDestinoId: e.target.value })}
                  error={!!errors.localDestinoId}
                  helperText={
                    errors.localDestinoId ??
                    (draft.setorDestinoId && !locais.length ? 'Este setor não tem locais.' : '')
                  }
                  disabled={busy || !draft.setorDestinoId || !locais.length}
                >
                  <MenuItem value="">Nenhum</MenuItem>
                  {locais.map((l) => (
                    <MenuItem key={l.id} value={String(l.id)}>
                      {l.name}
                    </MenuItem>
                  ))}
                </TextField>
              </>
            ) : (
              <TextField
                id="transfer-destinatario"
                label="Destinatário"
                required
                fullWidth
                value={draft.destinatario}
                onChange={(e) => set({ destinatario: e.target.value })}
                error={!!errors.destinatario}
                helperText={errors.destinatario ?? 'Quem recebe a doação (instituição ou pessoa).'}
                disabled={busy}
                slotProps={{ htmlInput: { maxLength: TRANSFER_LIMITS.destinatarioMax } }}
              />
            )}
            <TextField
              id="transfer-motivo"
              label="Motivo"
              required
              fullWidth
              multiline
              minRows={3}
              value={draft.motivo}
              onChange={(e) => set({ motivo: e.target.value })}
              error={!!errors.motivo}
              helperText={errors.motivo}
              disabled={busy}
              slotProps={{ htmlInput: { maxLength: TRANSFER_LIMITS.motivoMax } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Enviando…' : 'Enviar solicitação'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
