import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PATRIMONIO_MSG, isPatrimonioRemoved, type Patrimonio, type PatrimonioArquivo } from '@tombo/shared';
import type { PageProps } from '../../lib/feature';
import { ApiError, errorMessage } from '../../lib/http';
import { useLiveEvent } from '../../lib/liveBus';
import { hasPermission, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { useSectors } from '../sectors';
import { useFormas, useFormFields, useTipos } from '../catalogs';
import { TransferRequestDialog, type TransferResult } from '../transfers';
import { FileQueue, type QueuedFile } from './FileQueue';
import { emptyValues, makeResolver, toBody, valuesFrom, type FormValues } from './formModel';
import { patrimonioKeys } from './keys';
import { PatrimonioFields } from './PatrimonioFields';
import { DepreciacaoFields } from './DepreciacaoFields';
import { createPatrimonio, deleteArquivo, fetchPatrimonio, updatePatrimonio, uploadArquivo } from './api';
import { GONE_DELETED, GONE_REMOVED } from './labels';
import { patchAsset } from './live';
import { usePatrimonio } from './queries';
import { stillVisible } from './stillVisible';

/** /bens-cadastrados/novo and /bens-cadastrados/editar/:id. */
export default function PatrimonioFormPage({ title }: PageProps) {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const fields = useFormFields();
  const sectors = useSectors();
  const tipos = useTipos();
  const formas = useFormas();
  const asset = usePatrimonio(id ?? 0);

  const loading =
    fields.isPending || sectors.isPending || tipos.isPending || formas.isPending || (id != null && asset.isPending);
  const failed = fields.isError || sectors.isError || (id != null && asset.isError);
  if (id != null && !Number.isInteger(id)) return <LoadError message={PATRIMONIO_MSG.notFound} />;
  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          id == null
            ? 'O número de patrimônio é atribuído pelo sistema ao salvar.'
            : asset.data
              ? `Bem ${asset.data.numero_patrimonio}`
              : undefined
        }
      />
      {failed ? (
        <LoadError
          message={
            asset.error instanceof ApiError && asset.error.status === 404
              ? PATRIMONIO_MSG.notFound
              : PATRIMONIO_MSG.loadFailed
          }
          onRetry={() => {
            void fields.refetch();
            void sectors.refetch();
            if (id != null) void asset.refetch();
          }}
        />
      ) : loading ? (
        <ContentSpinner />
      ) : (
        <AssetForm key={id ?? 'novo'} initial={id != null ? (asset.data ?? null) : null} />
      )}
    </>
  );
}

function AssetForm({ initial }: { initial: Patrimonio | null }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const user = useSession((s) => s.user);
  const fieldsData = useFormFields().data;
  const fieldDefs = useMemo(() => fieldsData ?? [], [fieldsData]);
  const allSectors = useSectors().data?.sectors ?? [];
  const tipos = useTipos().data ?? [];
  const formas = useFormas().data ?? [];
  // usuario may only register assets in their own sectors (the server refuses the others).
  const sectors =
    user?.role === 'usuario'
      ? allSectors.filter((s) => user.sectorIds.includes(s.id) || s.id === initial?.sectorId)
      : allSectors;
  const editing = initial != null;
  const [base, setBase] = useState<Patrimonio | null>(initial);
  const [conflict, setConflict] = useState<string | null>(null);
  const [remoteChange, setRemoteChange] = useState<'updated' | 'deleted' | 'removed' | null>(null);
  const [queue, setQueueState] = useState<QueuedFile[]>([]);
  const [saving, setSaving] = useState(false);
  const [transferOpen, setTransferOpen] = useState(false);
  // The version this form's own transfer request gave the asset: not someone else's change.
  const ownVersion = useRef<number | null>(null);
  // Files already stored: the cached record's, refetched when a live event names this asset (live.ts).
  const record = usePatrimonio(initial?.id ?? 0).data ?? initial;
  const existing = { fotos: record?.fotos ?? [], documentos: record?.documentos ?? [] };
  const setQueue = (fn: (q: QueuedFile[]) => QueuedFile[]) => setQueueState(fn);

  const defaults = useMemo(
    () =>
      initial
        ? valuesFrom(initial, fieldDefs)
        : emptyValues(fieldDefs, sectors.length === 1 ? String(sectors[0].id) : ''),
    // The form is keyed by the asset; later cache patches must not reset what the person typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const resolver = useMemo(() => makeResolver(editing ? 'update' : 'create', fieldDefs), [editing, fieldDefs]);
  const { control, handleSubmit, setValue, reset, setError } = useForm<FormValues>({
    defaultValues: defaults,
    resolver,
    mode: 'onTouched',
  });

  // A newer version saved by someone else makes this form stale (files do not change the version).
  useLiveEvent('patrimonio.updated', (e) => {
    if (!base || e.data.id !== base.id) return;
    if (isPatrimonioRemoved(e.data))
      void stillVisible(qc, base.id).then((visible) => !visible && setRemoteChange('removed'));
    else if (e.data.version > base.version && e.data.version !== ownVersion.current && !saving)
      setRemoteChange('updated');
  });
  useLiveEvent('patrimonio.deleted', (e) => {
    if (base && e.data.id === base.id) setRemoteChange('deleted');
  });

  const reload = async () => {
    if (!base) return;
    try {
      const fresh = await fetchPatrimonio(base.id);
      patchAsset(qc, fresh);
      setBase(fresh);
      reset(valuesFrom(fresh, fieldDefs));
      setConflict(null);
      setRemoteChange(null);
      toast.info('Dados recarregados com a versão atual do bem.');
    } catch (err) {
      toast.fromError(err);
    }
  };

  const sendFiles = async (assetId: number): Promise<string[]> => {
    const failures: string[] = [];
    for (const item of queue.filter((q) => q.state === 'ready' || q.state === 'error' || q.state === 'compressing')) {
      setQueue((q) => q.map((x) => (x.key === item.key ? { ...x, state: 'uploading', progress: 0 } : x)));
      try {
        // A photo still being compressed is sent as picked (the server re-encodes it anyway).
        const current = queue.find((x) => x.key === item.key) ?? item;
        await uploadArquivo(assetId, item.kind, current.file, {
          onProgress: (p) => setQueue((q) => q.map((x) => (x.key === item.key ? { ...x, progress: p } : x))),
        });
        setQueue((q) => q.map((x) => (x.key === item.key ? { ...x, state: 'done', progress: 100 } : x)));
      } catch (err) {
        const message = errorMessage(err);
        failures.push(`${item.file.name}: ${message}`);
        setQueue((q) => q.map((x) => (x.key === item.key ? { ...x, state: 'error', error: message } : x)));
      }
    }
    return failures;
  };

  const onSubmit = handleSubmit(async (values) => {
    setSaving(true);
    setConflict(null);
    try {
      const body = toBody(values, fieldDefs);
      let saved: Patrimonio;
      if (base) {
        saved = await updatePatrimonio(base.id, { ...body, version: base.version });
        setBase(saved);
      } else {
        const { status: _status, ...create } = body;
        void _status;
        saved = await createPatrimonio(create);
      }
      patchAsset(qc, saved);
      const failures = await sendFiles(saved.id);
      void qc.invalidateQueries({ queryKey: patrimonioKeys.lists });
      void qc.invalidateQueries({ queryKey: patrimonioKeys.detail(saved.id) });
      if (failures.length) {
        toast.error(
          `O bem foi salvo, mas ${failures.length === 1 ? 'um arquivo não foi enviado' : `${failures.length} arquivos não foram enviados`}: ${failures[0]}`,
        );
        if (!base) navigate(`/bens-cadastrados/editar/${saved.id}`, { replace: true });
        return;
      }
      toast.success(base ? PATRIMONIO_MSG.updated : `${PATRIMONIO_MSG.created} Número ${saved.numero_patrimonio}.`);
      navigate(`/bens-cadastrados/ver/${saved.id}`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setConflict(err.message);
      } else {
        if (err instanceof ApiError && err.fields) {
          const map: Record<string, keyof FormValues> = {
            valor_aquisicao: 'valor',
            data_aquisicao: 'data',
            estado_conservacao: 'estado',
          };
          for (const [k, message] of Object.entries(err.fields)) {
            const name = k.startsWith('customFields.') ? `custom.${k.slice(13)}` : (map[k] ?? k);
            setError(name as keyof FormValues, { type: 'server', message });
          }
        }
        toast.fromError(err);
      }
    } finally {
      setSaving(false);
    }
  });

  /** A request made from this form bumps the version by one: adopt it, unless someone else changed it first. */
  const onRequested = (r: TransferResult) => {
    if (!base || r.patrimonio.version !== base.version + 1) return;
    ownVersion.current = r.patrimonio.version;
    setBase({ ...base, ...r.patrimonio });
    setRemoteChange((c) => (c === 'updated' ? null : c));
  };
  const canTransfer =
    !!base &&
    hasPermission(user, 'transfers:request') &&
    record?.status !== 'baixado' &&
    !record?.doado &&
    !record?.transferencia_pendente;

  const removeExisting = async (f: PatrimonioArquivo) => {
    if (!base) return;
    try {
      patchAsset(qc, await deleteArquivo(base.id, f.id));
      toast.success(f.kind === 'foto' ? PATRIMONIO_MSG.fotoRemoved : PATRIMONIO_MSG.documentoRemoved);
    } catch (err) {
      toast.fromError(err);
    }
  };

  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-label={editing ? 'Editar bem' : 'Novo bem'}
      sx={{ p: { xs: 2, md: 3 } }}
    >
      {conflict && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void reload()}>
              Recarregar
            </Button>
          }
        >
          {conflict} Suas alterações ainda não foram salvas.
        </Alert>
      )}
      {!conflict && remoteChange === 'updated' && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => void reload()}>
              Recarregar
            </Button>
          }
        >
          Este registro foi alterado por outra pessoa enquanto você editava. Recarregue para ver a versão atual; salvar
          agora será recusado.
        </Alert>
      )}
      {(remoteChange === 'deleted' || remoteChange === 'removed') && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {remoteChange === 'deleted' ? GONE_DELETED : GONE_REMOVED}
        </Alert>
      )}
      <PatrimonioFields
        control={control}
        setValue={setValue}
        fields={fieldDefs}
        sectors={sectors}
        tipos={tipos}
        formas={formas}
        current={initial ? { tipoId: initial.tipoId, formaAquisicaoId: initial.formaAquisicaoId } : undefined}
        showStatus={editing}
        disabled={saving}
      />
      <Divider sx={{ my: 3 }} />
      <DepreciacaoFields control={control} tipos={tipos} disabled={saving} />
      <Divider sx={{ my: 3 }} />
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Fotos e documentos
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <FileQueue
          kind="foto"
          queue={queue}
          setQueue={setQueue}
          existing={existing.fotos}
          onRemoveExisting={editing ? (f) => void removeExisting(f) : undefined}
          disabled={saving}
        />
        <FileQueue
          kind="documento"
          queue={queue}
          setQueue={setQueue}
          existing={existing.documentos}
          onRemoveExisting={editing ? (f) => void removeExisting(f) : undefined}
          disabled={saving}
        />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 3, flexWrap: 'wrap' }}>
        {canTransfer && (
          <Button variant="outlined" sx={{ mr: 'auto' }} onClick={() => setTransferOpen(true)} disabled={saving}>
            Transferir / Doar
          </Button>
        )}
        <Button
          component={RouterLink}
          to={base ? `/bens-cadastrados/ver/${base.id}` : '/bens-cadastrados'}
          disabled={saving}
        >
          Cancelar
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={saving || remoteChange === 'deleted' || remoteChange === 'removed'}
        >
          {saving ? 'Salvando…' : editing ? 'Salvar alterações' : 'Cadastrar bem'}
        </Button>
      </Box>
      {base && (
        <TransferRequestDialog
          open={transferOpen}
          asset={base}
          onClose={() => setTransferOpen(false)}
          onRequested={onRequested}
        />
      )}
    </Paper>
  );
}
