import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { IMOVEL_MSG, type Imovel, type ImovelArquivo } from '@tombo/shared';
import type { PageProps } from '../../lib/feature';
import { ApiError, errorMessage } from '../../lib/http';
import { useLiveEvent } from '../../lib/liveBus';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { useSectors } from '../sectors';
import { useFormas } from '../catalogs';
import { FileQueue, type QueuedFile } from '../patrimonios';
import { createImovel, deleteArquivo, fetchImovel, updateImovel, uploadArquivo } from './api';
import { emptyValues, formPath, makeResolver, toBody, valuesFrom, type FormValues } from './formModel';
import { ImovelInputs } from './ImovelInputs';
import { imovelKeys } from './keys';
import { GONE_DELETED } from './labels';
import { patchImovel } from './live';
import { useImovel, useImovelFields } from './queries';

/** /imoveis/novo and /imoveis/editar/:id. */
export default function ImovelFormPage({ title }: PageProps) {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const fields = useImovelFields();
  const sectors = useSectors();
  const formas = useFormas();
  const imovel = useImovel(id ?? 0);
  const loading = fields.isPending || sectors.isPending || formas.isPending || (id != null && imovel.isPending);
  const failed = fields.isError || sectors.isError || (id != null && imovel.isError);
  if (id != null && !Number.isInteger(id)) return <LoadError message={IMOVEL_MSG.notFound} />;
  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          id == null
            ? 'O número de patrimônio vem da numeração do município, a menos que você o informe.'
            : imovel.data
              ? `Imóvel ${imovel.data.numero_patrimonio}`
              : undefined
        }
      />
      {failed ? (
        <LoadError
          message={
            imovel.error instanceof ApiError && imovel.error.status === 404
              ? IMOVEL_MSG.notFound
              : IMOVEL_MSG.loadFailed
          }
          onRetry={() => {
            void fields.refetch();
            void sectors.refetch();
            if (id != null) void imovel.refetch();
          }}
        />
      ) : loading ? (
        <ContentSpinner />
      ) : (
        <ImovelForm key={id ?? 'novo'} initial={id != null ? (imovel.data ?? null) : null} />
      )}
    </>
  );
}

function ImovelForm({ initial }: { initial: Imovel | null }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const user = useSession((s) => s.user);
  const fieldsData = useImovelFields().data;
  const fieldDefs = useMemo(() => fieldsData ?? [], [fieldsData]);
  const allSectors = useSectors().data?.sectors ?? [];
  const formas = useFormas().data ?? [];
  // usuario registers properties of their own sectors only (the server refuses the others).
  const sectors =
    user?.role === 'usuario'
      ? allSectors.filter((s) => user.sectorIds.includes(s.id) || s.id === initial?.sectorId)
      : allSectors;
  const editing = initial != null;
  const [base, setBase] = useState<Imovel | null>(initial);
  const [conflict, setConflict] = useState<string | null>(null);
  const [remoteChange, setRemoteChange] = useState<'updated' | 'deleted' | null>(null);
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [saving, setSaving] = useState(false);
  // Files already stored: the cached record's, refetched when a live event names this property (live.ts).
  const record = useImovel(initial?.id ?? 0).data ?? initial;

  const defaults = useMemo(
    () =>
      initial
        ? valuesFrom(initial, fieldDefs)
        : emptyValues(fieldDefs, user?.role === 'usuario' && sectors.length === 1 ? String(sectors[0].id) : ''),
    // The form is keyed by the property; later cache patches must not reset what the person typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const resolver = useMemo(() => makeResolver(editing, fieldDefs), [editing, fieldDefs]);
  const { control, handleSubmit, reset, setError } = useForm<FormValues>({
    defaultValues: defaults,
    resolver,
    mode: 'onTouched',
  });

  // A newer version saved by someone else makes this form stale (files do not change the version).
  useLiveEvent('imovel.updated', (e) => {
    if (base && e.data.id === base.id && e.data.version > base.version && !saving) setRemoteChange('updated');
  });
  useLiveEvent('imovel.deleted', (e) => {
    if (base && e.data.id === base.id) setRemoteChange('deleted');
  });

  const reload = async () => {
    if (!base) return;
    try {
      const fresh = await fetchImovel(base.id);
      patchImovel(qc, fresh);
      setBase(fresh);
      reset(valuesFrom(fresh, fieldDefs));
      setConflict(null);
      setRemoteChange(null);
      toast.info('Dados recarregados com a versão atual do imóvel.');
    } catch (err) {
      toast.fromError(err);
    }
  };

  const setItem = (key: string, patch: Partial<QueuedFile>) =>
    setQueue((q) => q.map((x) => (x.key === key ? { ...x, ...patch } : x)));
  const sendFiles = async (imovelId: number): Promise<string[]> => {
    const failures: string[] = [];
    for (const item of queue.filter((q) => q.state !== 'done' && q.state !== 'uploading')) {
      setItem(item.key, { state: 'uploading', progress: 0 });
      try {
        // A photo still being compressed is sent as picked.
        await uploadArquivo(imovelId, item.kind, item.file, { onProgress: (p) => setItem(item.key, { progress: p }) });
        setItem(item.key, { state: 'done', progress: 100 });
      } catch (err) {
        const message = errorMessage(err);
        failures.push(`${item.file.name}: ${message}`);
        setItem(item.key, { state: 'error', error: message });
      }
    }
    return failures;
  };

  const onSubmit = handleSubmit(async (values) => {
    setSaving(true);
    setConflict(null);
    try {
      const body = toBody(values, fieldDefs);
      let saved: Imovel;
      if (base) {
        saved = await updateImovel(base.id, { ...body, version: base.version });
        setBase(saved);
      } else saved = await createImovel(body);
      patchImovel(qc, saved);
      const failures = await sendFiles(saved.id);
      void qc.invalidateQueries({ queryKey: imovelKeys.lists });
      void qc.invalidateQueries({ queryKey: imovelKeys.detail(saved.id) });
      if (failures.length) {
        toast.error(
          `O imóvel foi salvo, mas ${failures.length === 1 ? 'um arquivo não foi enviado' : `${failures.length} arquivos não foram enviados`}: ${failures[0]}`,
        );
        if (!base) navigate(`/imoveis/editar/${saved.id}`, { replace: true });
        return;
      }
      toast.success(base ? IMOVEL_MSG.updated : IMOVEL_MSG.created);
      navigate(`/imoveis/ver/${saved.id}`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && err.code === 'DUPLICATE') {
        setError('numero', { type: 'server', message: err.message });
      } else if (err instanceof ApiError && err.status === 409) {
        // Saved by someone else since this form loaded: say so and offer to reload (nothing was saved).
        setConflict(err.message);
        return;
      }
      if (err instanceof ApiError && err.fields)
        for (const [k, message] of Object.entries(err.fields))
          setError(formPath(k.split('.')) as keyof FormValues, { type: 'server', message });
      toast.fromError(err);
    } finally {
      setSaving(false);
    }
  });

  const removeExisting = async (f: ImovelArquivo) => {
    if (!base) return;
    try {
      patchImovel(qc, await deleteArquivo(base.id, f.id));
      toast.success(f.kind === 'foto' ? IMOVEL_MSG.fotoRemoved : IMOVEL_MSG.documentoRemoved);
    } catch (err) {
      toast.fromError(err);
    }
  };

  const gone = remoteChange === 'deleted';
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-label={editing ? 'Editar imóvel' : 'Novo imóvel'}
      sx={{ p: { xs: 2, md: 3 } }}
    >
      {conflict && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          role="alert"
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
          Este imóvel foi alterado por outra pessoa enquanto você editava. Recarregue para ver a versão atual; salvar
          agora será recusado.
        </Alert>
      )}
      {gone && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {GONE_DELETED}
        </Alert>
      )}
      <ImovelInputs
        control={control}
        fields={fieldDefs}
        sectors={sectors}
        formas={formas}
        currentFormaId={initial?.formaAquisicaoId}
        editing={editing}
        disabled={saving}
      />
      <Divider sx={{ my: 3 }} />
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Fotos e documentos
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {(['foto', 'documento'] as const).map((kind) => (
          <FileQueue
            key={kind}
            kind={kind}
            queue={queue}
            setQueue={setQueue}
            existing={(kind === 'foto' ? record?.fotos : record?.documentos) ?? []}
            onRemoveExisting={editing ? (f) => void removeExisting(f) : undefined}
            disabled={saving}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 3, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={base ? `/imoveis/ver/${base.id}` : '/imoveis'} disabled={saving}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={saving || gone}>
          {saving ? 'Salvando…' : editing ? 'Salvar alterações' : 'Cadastrar imóvel'}
        </Button>
      </Box>
    </Paper>
  );
}
