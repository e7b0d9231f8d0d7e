import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ESTADOS_CONSERVACAO,
  ESTADO_CONSERVACAO_LABELS,
  PATRIMONIO_BULK_MSG,
  PATRIMONIO_BULK_STATUSES,
  PATRIMONIO_STATUS_LABELS,
  formatInteger,
  type PatrimonioBulkBody,
  type PatrimonioListItem,
} from '@tombo/shared';
import { BulkProblem, type BulkRefusal, type Selection } from '../../../components/register';
import { toast } from '../../../lib/toast';
import { byName, useFormas, useTipos } from '../../catalogs';
import { useLocais } from '../../locais';
import { sortByName, useSectors } from '../../sectors';
import { bulkEditPatrimonios, filtroOf } from '../api';
import { bulkRefusal } from './bulkRefusal';

const KEEP = '';
const CLEAR = 'null';
type Campos = PatrimonioBulkBody['campos'];
type Draft = Record<'tipoId' | 'formaAquisicaoId' | 'sectorId' | 'localId' | 'status' | 'estado', string>;
const EMPTY: Draft = {
  tipoId: KEEP,
  formaAquisicaoId: KEEP,
  sectorId: KEEP,
  localId: KEEP,
  status: KEEP,
  estado: KEEP,
};

const idOrNull = (v: string) => (v === CLEAR ? null : Number(v));

/** The fields the person chose to change ('Não alterar' leaves a field out). */
function camposOf(d: Draft, obs: string | null): Campos {
  const c: Campos = {};
  if (d.tipoId) c.tipoId = idOrNull(d.tipoId);
  if (d.formaAquisicaoId) c.formaAquisicaoId = idOrNull(d.formaAquisicaoId);
  if (d.sectorId) c.sectorId = Number(d.sectorId);
  if (d.localId) c.localId = idOrNull(d.localId);
  if (d.status) c.status = d.status as Campos['status'];
  if (d.estado) c.estado_conservacao = d.estado === CLEAR ? null : (d.estado as Campos['estado_conservacao']);
  if (obs !== null) c.observacoes = obs.trim() || null;
  return c;
}

/**
 * 'Editar em lote': the chosen fields of the ticked assets (with the versions seen) or of every asset the filters
 * match (with the count seen); a refusal lists the assets and why, and nothing is written.
 */
export function BulkEditDialog({
  selection,
  onClose,
  onDone,
}: {
  selection: Selection<PatrimonioListItem>;
  onClose: () => void;
  onDone: () => void;
}) {
  const [d, setD] = useState<Draft>(EMPTY);
  const [obs, setObs] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<BulkRefusal | null>(null);
  const tipos = byName(useTipos().data ?? []);
  const formas = byName(useFormas().data ?? []);
  const sectors = sortByName(useSectors().data?.sectors ?? []);
  const locais = sortByName(useLocais(d.sectorId ? Number(d.sectorId) : undefined).data?.locais ?? []);
  const n = selection.kind === 'rows' ? selection.rows.length : selection.total;
  const campos = camposOf(d, obs);
  const set = (k: keyof Draft) => (e: { target: { value: string } }) =>
    setD((x) => ({ ...x, [k]: e.target.value, ...(k === 'sectorId' ? { localId: KEEP } : {}) }));

  const send = async (skip: boolean) => {
    setBusy(true);
    setProblem(null);
    const source =
      selection.kind === 'rows'
        ? { ids: selection.rows.map((r) => ({ id: r.id, version: r.version })) }
        : { filtro: filtroOf(selection.params), esperado: selection.total };
    try {
      const r = await bulkEditPatrimonios({ ...source, campos, ...(skip ? { recusados: 'ignorar' } : {}) });
      const skipped = r.recusados.length ? ` ${r.recusados.length} não alterado(s).` : '';
      toast.success(`${PATRIMONIO_BULK_MSG.updated(r.atualizados)}${skipped}`);
      onDone();
    } catch (err) {
      const numbers = new Map(selection.kind === 'rows' ? selection.rows.map((r) => [r.id, r.numero_patrimonio]) : []);
      setProblem(bulkRefusal(err, numbers));
    } finally {
      setBusy(false);
    }
  };

  const keep = <MenuItem value={KEEP}>Não alterar</MenuItem>;
  const field = {
    size: 'small' as const,
    fullWidth: true,
    select: true,
    slotProps: { select: { displayEmpty: true }, inputLabel: { shrink: true } },
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="lote-titulo">
      <DialogTitle id="lote-titulo">Editar em lote</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {selection.kind === 'rows'
            ? `${formatInteger(n)} ${n === 1 ? 'bem selecionado' : 'bens selecionados'}.`
            : `Todos os ${formatInteger(n)} bens dos filtros atuais.`}{' '}
          Só os campos escolhidos mudam; cada bem ganha uma linha no histórico.
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField {...field} id="lote-tipo" label="Tipo" value={d.tipoId} onChange={set('tipoId')}>
            {keep}
            <MenuItem value={CLEAR}>Sem tipo</MenuItem>
            {tipos.map((t) => (
              <MenuItem key={t.id} value={String(t.id)}>
                {t.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            {...field}
            id="lote-forma"
            label="Forma de aquisição"
            value={d.formaAquisicaoId}
            onChange={set('formaAquisicaoId')}
          >
            {keep}
            <MenuItem value={CLEAR}>Sem forma de aquisição</MenuItem>
            {formas.map((f) => (
              <MenuItem key={f.id} value={String(f.id)}>
                {f.nome}
              </MenuItem>
            ))}
          </TextField>
          <TextField {...field} id="lote-setor" label="Setor" value={d.sectorId} onChange={set('sectorId')}>
            {keep}
            {sectors.map((s) => (
              <MenuItem key={s.id} value={String(s.id)}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField {...field} id="lote-local" label="Local" value={d.localId} onChange={set('localId')}>
            {keep}
            <MenuItem value={CLEAR}>Sem local</MenuItem>
            {locais.map((l) => (
              <MenuItem key={l.id} value={String(l.id)}>
                {l.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField {...field} id="lote-status" label="Status" value={d.status} onChange={set('status')}>
            {keep}
            {PATRIMONIO_BULK_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {PATRIMONIO_STATUS_LABELS[s]}
              </MenuItem>
            ))}
          </TextField>
          <TextField {...field} id="lote-estado" label="Conservação" value={d.estado} onChange={set('estado')}>
            {keep}
            <MenuItem value={CLEAR}>Não informado</MenuItem>
            {ESTADOS_CONSERVACAO.map((s) => (
              <MenuItem key={s} value={s}>
                {ESTADO_CONSERVACAO_LABELS[s]}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <TextField
          size="small"
          fullWidth
          multiline
          minRows={2}
          sx={{ mt: 1.5 }}
          id="lote-observacoes"
          label="Observações"
          placeholder="Não alterar"
          value={obs ?? ''}
          onChange={(e) => setObs(e.target.value === '' ? null : e.target.value)}
          helperText="Em branco: as observações ficam como estão."
        />
        {problem && <BulkProblem problem={problem} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        {problem?.canSkip && (
          <Button onClick={() => void send(true)} disabled={busy}>
            Alterar os demais
          </Button>
        )}
        <Button
          variant="contained"
          onClick={() => void send(false)}
          disabled={busy || Object.keys(campos).length === 0}
        >
          {busy ? 'Salvando…' : `Alterar ${formatInteger(n)} ${n === 1 ? 'bem' : 'bens'}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
