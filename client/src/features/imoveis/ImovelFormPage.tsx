import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Divider from '@mui/material/Divider';
import { IMOVEL_MSG, type Imovel, type ImovelArquivo } from '@tombo/shared';
import type { PageProps } from '../../lib/feature';
import { useLiveEvent } from '../../lib/liveBus';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useApiMutation } from '../../lib/useApiMutation';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/register/QueryState';
import { RecordFormFrame, submitOrScroll, useRecordEditing } from '../../components/register/form';
import { useSectors } from '../sectors';
import { useFormas } from '../catalogs';
import { RecordFiles, uploadFailureText, useUploadQueue } from '../patrimonios';
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
  const catalogs = [useSectors(), useFormas()];
  const imovel = useImovel(id ?? 0);
  if (id != null && !Number.isInteger(id)) return <LoadError message={IMOVEL_MSG.notFound} />;
  const subtitle =
    id == null
      ? 'O número de patrimônio vem da numeração do município, a menos que você o informe.'
      : imovel.data && `Imóvel ${imovel.data.numero_patrimonio}`;
  return (
    <>
      <PageHeader title={title} subtitle={subtitle || undefined} />
      <QueryState
        query={fields}
        also={id != null ? [...catalogs, imovel] : catalogs}
        errorText={IMOVEL_MSG.loadFailed}
        notFoundText={IMOVEL_MSG.notFound}
      >
        {() => <ImovelForm key={id ?? 'novo'} initial={id != null ? (imovel.data ?? null) : null} />}
      </QueryState>
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
  // Files already stored: the cached record's, refetched when a live event names this property (live.ts).
  const record = useImovel(initial?.id ?? 0).data ?? initial;
  const uploads = useUploadQueue(uploadArquivo);

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
  const edit = useRecordEditing(initial, {
    fetch: fetchImovel,
    apply: (fresh) => {
      patchImovel(qc, fresh);
      reset(valuesFrom(fresh, fieldDefs));
    },
    reloadedText: 'Dados recarregados com a versão atual do imóvel.',
  });
  const { base } = edit;

  const save = useApiMutation({
    mutationFn: async (values: FormValues) => {
      edit.setConflict(null);
      const body = toBody(values, fieldDefs);
      let saved: Imovel;
      if (base) {
        saved = await updateImovel(base.id, { ...body, version: base.version });
        edit.setBase(saved);
      } else saved = await createImovel(body);
      patchImovel(qc, saved);
      return { saved, failures: await uploads.send(saved.id) };
    },
    invalidate: [imovelKeys.lists],
    form: { setError, map: (k) => formPath(k.split('.')) },
    onConflict: (err) => {
      if (err.code !== 'DUPLICATE') return edit.setConflict(err.message);
      // The typed number is taken: an input error, not someone else's save.
      setError('numero', { type: 'server', message: err.message });
      toast.fromError(err);
    },
    success: ({ failures }) => (failures.length ? '' : base ? IMOVEL_MSG.updated : IMOVEL_MSG.created),
    onSuccess: ({ saved, failures }) => {
      void qc.invalidateQueries({ queryKey: imovelKeys.detail(saved.id) });
      if (!failures.length) return navigate(`/imoveis/ver/${saved.id}`);
      toast.error(uploadFailureText('O imóvel foi salvo', failures));
      if (!base) navigate(`/imoveis/editar/${saved.id}`, { replace: true });
    },
  });
  const saving = save.isPending;

  // A newer version saved by someone else makes this form stale (files do not change the version).
  useLiveEvent('imovel.updated', (e) => !saving && edit.noteVersion(e.data.id, e.data.version));
  useLiveEvent('imovel.deleted', (e) => edit.noteGone(e.data.id));

  const removeFile = useApiMutation({
    mutationFn: (f: ImovelArquivo) => deleteArquivo(base?.id ?? 0, f.id),
    success: (_r, f) => (f.kind === 'foto' ? IMOVEL_MSG.fotoRemoved : IMOVEL_MSG.documentoRemoved),
    onSuccess: (fresh) => patchImovel(qc, fresh),
  });

  return (
    <RecordFormFrame
      label={editing ? 'Editar imóvel' : 'Novo imóvel'}
      onSubmit={submitOrScroll(handleSubmit, (v) => save.mutate(v))}
      conflict={edit.conflict}
      remote={edit.remote}
      changedText="Este imóvel foi alterado por outra pessoa enquanto você editava."
      goneText={() => GONE_DELETED}
      onReload={() => void edit.reload()}
      saving={saving}
      submitLabel={editing ? 'Salvar alterações' : 'Cadastrar imóvel'}
      cancelTo={base ? `/imoveis/ver/${base.id}` : '/imoveis'}
    >
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
      <RecordFiles
        uploads={uploads}
        fotos={record?.fotos ?? []}
        documentos={record?.documentos ?? []}
        onRemove={editing ? (f) => removeFile.mutate(f) : undefined}
        disabled={saving}
      />
    </RecordFormFrame>
  );
}
