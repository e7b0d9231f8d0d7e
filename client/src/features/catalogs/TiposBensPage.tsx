import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { CATALOG_MSG, decimalInput, formatPercent, tipoBemCreateBody, type TipoBem } from '@tombo/shared';
import { useCan } from '../../lib/permissions';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { useApiMutation } from '../../lib/useApiMutation';
import { PageHeader } from '../../components/PageHeader';
import { CrudPage, RecordDialog, useDialogForm, type CrudDialogProps } from '../../components/register/crud';
import { FormSwitch, FormText, recordResolver } from '../../components/register/form';
import type { PageProps } from '../../lib/feature';
import { createTipo, deleteTipo, toggleTipo, updateTipo } from './api';
import { catalogKeys } from './keys';
import { FormFieldsEditor } from './FormFieldsEditor';
import { byName, useTipos } from './queries';

const M = CATALOG_MSG.tipos;
const invalidate = [catalogKeys.tipos];
/**
 * /configuracoes/tipos (admin, supervisor): asset types and, in a second tab, the asset form
 * fields (the server keeps them per municipality under catalogs:manage, not in the superuser area).
 */
export default function TiposBensPage({ title }: PageProps) {
  const [sp, setSp] = useSearchParams();
  const tab = sp.get('aba') === 'campos' ? 'campos' : 'tipos';
  return (
    <>
      <PageHeader
        title={title}
        subtitle="Tipos de bens com os dados contábeis da depreciação, e os campos do formulário de cadastro de bens."
      />
      <Tabs
        value={tab}
        onChange={(_e, v: string) => setSp(v === 'campos' ? { aba: 'campos' } : {}, { replace: true })}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        <Tab value="tipos" label="Tipos de Bens" id="tab-tipos" aria-controls="painel-tipos" />
        <Tab value="campos" label="Campos do Formulário" id="tab-campos" aria-controls="painel-campos" />
      </Tabs>
      <Box role="tabpanel" id={`painel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'tipos' ? <TiposPanel /> : <FormFieldsEditor />}
      </Box>
    </>
  );
}

function TiposPanel() {
  const can = useCan();
  const canManage = can('catalogs:manage');
  const query = useTipos();
  useLoadErrorToast(query.isError, query.errorUpdatedAt, M.loadFailed);
  const toggle = useApiMutation({
    mutationFn: (t: TipoBem) => toggleTipo(t.id, t.version),
    invalidate,
    success: (t) => (t.active ? M.activated : M.deactivated),
  });
  const remove = useApiMutation({ mutationFn: (t: TipoBem) => deleteTipo(t.id), invalidate, success: M.deleted });

  return (
    <CrudPage
      newLabel="Novo Tipo de Bem"
      canManage={canManage}
      query={query}
      rows={byName}
      errorText={M.loadFailed}
      empty={{
        title: 'Nenhum tipo de bem cadastrado.',
        description: 'Use "Novo Tipo de Bem" para cadastrar o primeiro.',
      }}
      label="Tipos de bens"
      columns={[
        { key: 'name', label: 'Nome', render: (t) => t.name },
        {
          key: 'active',
          label: 'Ativo',
          render: (t) => (
            <Switch
              size="small"
              checked={t.active}
              disabled={!canManage || toggle.isPending}
              onChange={() => toggle.mutate(t)}
              slotProps={{ input: { 'aria-label': `${t.active ? 'Desativar' : 'Ativar'} ${t.name}` } }}
            />
          ),
        },
        {
          key: 'life',
          label: 'Vida útil',
          align: 'right',
          render: (t) => (t.usefulLifeMonths != null ? `${t.usefulLifeMonths} meses` : '—'),
        },
        {
          key: 'residual',
          label: 'Valor residual',
          align: 'right',
          render: (t) => (t.residualValuePct != null ? formatPercent(t.residualValuePct) : '—'),
        },
        { key: 'depreciavel', label: 'Depreciável', render: (t) => (t.depreciavel ? 'Sim' : 'Não') },
      ]}
      rowLabel={(t) => t.name}
      dialog={(props) => <TipoDialog {...props} />}
      remove={{
        title: 'Excluir tipo de bem',
        message: (t) => (
          <>
            Excluir o tipo <strong>{t.name}</strong>? Se houver bens com ele, desative-o em vez de excluir.
          </>
        ),
        busy: remove.isPending,
        run: (t, done) => remove.mutate(t, { onSettled: done }),
      }}
    />
  );
}

interface TipoInputs {
  name: string;
  active: boolean;
  life: string;
  residual: string;
  depreciavel: boolean;
}

const tipoBody = (v: TipoInputs) => ({
  name: v.name,
  active: v.active,
  depreciavel: v.depreciavel,
  usefulLifeMonths: v.life.trim() ? Number(v.life) : null,
  residualValuePct: v.residual.trim() ? v.residual.trim().replace(',', '.') : null,
});
const INPUT_OF: Record<string, string> = { usefulLifeMonths: 'life', residualValuePct: 'residual' };
const tipoResolver = recordResolver<TipoInputs>({
  check: () => undefined,
  candidate: tipoBody,
  schema: tipoBemCreateBody,
  formPath: (path) => INPUT_OF[String(path[0])] ?? String(path[0]),
});
const lifeInput = {
  input: { endAdornment: <InputAdornment position="end">meses</InputAdornment> },
  htmlInput: { min: 1, max: 1200, step: 1 },
};
const residualInput = {
  input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
  htmlInput: { inputMode: 'decimal' as const },
};

function TipoDialog({ open, record: tipo, onClose }: CrudDialogProps<TipoBem>) {
  const { control, handleSubmit, setError } = useDialogForm(open, tipo, {
    resolver: tipoResolver,
    values: (t) => ({
      name: t?.name ?? '',
      active: t?.active ?? true,
      life: t?.usefulLifeMonths != null ? String(t.usefulLifeMonths) : '',
      residual: t?.residualValuePct != null ? decimalInput(t.residualValuePct) : '',
      depreciavel: t?.depreciavel ?? true,
    }),
  });
  const save = useApiMutation({
    mutationFn: (v: TipoInputs) => {
      const body = { ...tipoBody(v), name: v.name.trim() };
      return tipo ? updateTipo(tipo.id, { ...body, version: tipo.version }) : createTipo(body);
    },
    invalidate,
    success: tipo ? M.updated : M.created,
    form: { setError, map: (f) => INPUT_OF[f] ?? f },
    onSuccess: onClose,
  });
  const common = { control, fullWidth: true, margin: 'dense' as const };
  return (
    <RecordDialog
      open={open}
      id="tipo-dialog"
      title={tipo ? 'Editar Tipo de Bem' : 'Novo Tipo de Bem'}
      busy={save.isPending}
      onClose={onClose}
      onSubmit={handleSubmit((v) => save.mutate(v))}
    >
      <FormText
        {...common}
        name="name"
        id="tipo-nome"
        label="Nome"
        required
        autoFocus
        help="Ex.: Mobiliário, Equipamento de informática."
      />
      <FormText
        {...common}
        name="life"
        id="tipo-vida-util"
        label="Vida útil"
        type="number"
        help="Em meses (1 a 1200), para a depreciação."
        slotProps={lifeInput}
      />
      <FormText
        {...common}
        name="residual"
        id="tipo-residual"
        label="Valor residual"
        help="Percentual do valor de aquisição que resta ao fim da vida útil (0 a 100)."
        slotProps={residualInput}
      />
      <FormSwitch
        control={control}
        name="depreciavel"
        id="tipo-depreciavel"
        label="Depreciável"
        help="Desligue para o que não se deprecia (terrenos, obras de arte e peças para museu)."
      />
      <FormSwitch control={control} name="active" id="tipo-ativo" label="Ativo" />
    </RecordDialog>
  );
}
