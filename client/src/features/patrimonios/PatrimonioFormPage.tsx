import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import { PATRIMONIO_MSG, isPatrimonioRemoved, type Patrimonio, type PatrimonioArquivo } from '@tombo/shared';
import type { PageProps } from '../../lib/feature';
import { useLiveEvent } from '../../lib/liveBus';
import { useSession } from '../../lib/session';
import { useCan } from '../../lib/permissions';
import { toast } from '../../lib/toast';
import { useApiMutation } from '../../lib/useApiMutation';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/register/QueryState';
import { RecordFormFrame, submitOrScroll, useRecordEditing } from '../../components/register/form';
import { useSectors } from '../sectors';
import { useFormas, useFormFields, useTipos } from '../catalogs';
import { TransferRequestDialog, type TransferResult } from '../transferencias';
import { emptyValues, formPath, makeResolver, toBody, valuesFrom, type FormValues } from './formModel';
import { patrimonioKeys } from './keys';
import { PatrimonioFields } from './PatrimonioFields';
import { DepreciacaoFields } from './DepreciacaoFields';
import { StandardFields } from './StandardFields';
import { createPatrimonio, deleteArquivo, fetchPatrimonio, updatePatrimonio, uploadArquivo } from './api';
import { GONE_DELETED, GONE_REMOVED } from './labels';
import { patchAsset } from './live';
import { usePatrimonio } from './queries';
import { RecordFiles, uploadFailureText, useUploadQueue } from './RecordFiles';
import { stillVisible } from './stillVisible';

/** /bens-cadastrados/novo and /bens-cadastrados/editar/:id. */
export default function PatrimonioFormPage({ title }: PageProps) {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const fields = useFormFields();
  const catalogs = [useSectors(), useTipos(), useFormas()];
  const asset = usePatrimonio(id ?? 0);
  if (id != null && !Number.isInteger(id)) return <LoadError message={PATRIMONIO_MSG.notFound} />;
  const subtitle =
    id == null
      ? 'O número de patrimônio é atribuído pelo sistema ao salvar.'
      : asset.data && `Bem ${asset.data.numero_patrimonio}`;
  return (
    <>
      <PageHeader title={title} subtitle={subtitle || undefined} />
      <QueryState
        query={fields}
        also={id != null ? [...catalogs, asset] : catalogs}
        errorText={PATRIMONIO_MSG.loadFailed}
        notFoundText={PATRIMONIO_MSG.notFound}
      >
        {() => <AssetForm key={id ?? 'novo'} initial={id != null ? (asset.data ?? null) : null} />}
      </QueryState>
    </>
  );
}

function AssetForm({ initial }: { initial: Patrimonio | null }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const user = useSession((s) => s.user);
  const can = useCan();
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
  const [transferOpen, setTransferOpen] = useState(false);
  // The version this form's own transfer request gave the asset: not someone else's change.
  const ownVersion = useRef<number | null>(null);
  // Files already stored: the cached record's, refetched when a live event names this asset (live.ts).
  const record = usePatrimonio(initial?.id ?? 0).data ?? initial;
  const uploads = useUploadQueue(uploadArquivo);

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
  const edit = useRecordEditing(initial, {
    fetch: fetchPatrimonio,
    apply: (fresh) => {
      patchAsset(qc, fresh);
      reset(valuesFrom(fresh, fieldDefs));
    },
    reloadedText: 'Dados recarregados com a versão atual do bem.',
  });
  const { base } = edit;

  const save = useApiMutation({
    mutationFn: async (values: FormValues) => {
      edit.setConflict(null);
      const body = toBody(values, fieldDefs);
      let saved: Patrimonio;
      if (base) {
        saved = await updatePatrimonio(base.id, { ...body, version: base.version });
        edit.setBase(saved);
      } else {
        const { status: _status, ...create } = body;
        void _status;
        saved = await createPatrimonio(create);
      }
      patchAsset(qc, saved);
      return { saved, failures: await uploads.send(saved.id) };
    },
    invalidate: [patrimonioKeys.lists],
    form: { setError, map: (k) => formPath(k.split('.')) },
    onConflict: (err) => edit.setConflict(err.message),
    success: ({ saved, failures }) =>
      failures.length
        ? ''
        : base
          ? PATRIMONIO_MSG.updated
          : `${PATRIMONIO_MSG.created} Número ${saved.numero_patrimonio}.`,
    onSuccess: ({ saved, failures }) => {
      void qc.invalidateQueries({ queryKey: patrimonioKeys.detail(saved.id) });
      if (!failures.length) return navigate(`/bens-cadastrados/ver/${saved.id}`);
      toast.error(uploadFailureText('O bem foi salvo', failures));
      if (!base) navigate(`/bens-cadastrados/editar/${saved.id}`, { replace: true });
    },
  });
  const saving = save.isPending;

  // A newer version saved by someone else makes this form stale (files do not change the version).
  useLiveEvent('patrimonio.updated', (e) => {
    if (!base || e.data.id !== base.id) return;
    if (isPatrimonioRemoved(e.data))
      void stillVisible(qc, base.id).then((visible) => !visible && edit.noteGone(base.id, 'removed'));
    else if (e.data.version !== ownVersion.current && !saving) edit.noteVersion(e.data.id, e.data.version);
  });
  useLiveEvent('patrimonio.deleted', (e) => edit.noteGone(e.data.id));

  const removeFile = useApiMutation({
    mutationFn: (f: PatrimonioArquivo) => deleteArquivo(base?.id ?? 0, f.id),
    success: (_r, f) => (f.kind === 'foto' ? PATRIMONIO_MSG.fotoRemoved : PATRIMONIO_MSG.documentoRemoved),
    onSuccess: (fresh) => patchAsset(qc, fresh),
  });

  /** A request made from this form bumps the version by one: adopt it, unless someone else changed it first. */
  const onRequested = (r: TransferResult) => {
    if (!base || r.patrimonio.version !== base.version + 1) return;
    ownVersion.current = r.patrimonio.version;
    edit.setBase({ ...base, ...r.patrimonio });
    edit.setRemote((c) => (c === 'updated' ? null : c));
  };
  const canTransfer =
    !!base &&
    can('transfers:request') &&
    record?.status !== 'baixado' &&
    !record?.doado &&
    !record?.transferencia_pendente;

  return (
    <RecordFormFrame
      label={editing ? 'Editar bem' : 'Novo bem'}
      onSubmit={submitOrScroll(handleSubmit, (v) => save.mutate(v))}
      conflict={edit.conflict}
      remote={edit.remote}
      changedText="Este registro foi alterado por outra pessoa enquanto você editava."
      goneText={(why) => (why === 'deleted' ? GONE_DELETED : GONE_REMOVED)}
      onReload={() => void edit.reload()}
      saving={saving}
      submitLabel={editing ? 'Salvar alterações' : 'Cadastrar bem'}
      cancelTo={base ? `/bens-cadastrados/ver/${base.id}` : '/bens-cadastrados'}
      extraActions={
        canTransfer && (
          <Button variant="outlined" sx={{ mr: 'auto' }} onClick={() => setTransferOpen(true)} disabled={saving}>
            Transferir / Doar
          </Button>
        )
      }
    >
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
      <StandardFields control={control} disabled={saving} />
      <Divider sx={{ my: 3 }} />
      <DepreciacaoFields control={control} tipos={tipos} disabled={saving} />
      <Divider sx={{ my: 3 }} />
      <RecordFiles
        uploads={uploads}
        fotos={record?.fotos ?? []}
        documentos={record?.documentos ?? []}
        onRemove={editing ? (f) => removeFile.mutate(f) : undefined}
        disabled={saving}
      />
      {base && (
        <TransferRequestDialog
          open={transferOpen}
          asset={base}
          onClose={() => setTransferOpen(false)}
          onRequested={onRequested}
        />
      )}
    </RecordFormFrame>
  );
}
