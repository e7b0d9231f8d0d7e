import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import {
  IMOVEL_RELATORIO_MSG,
  SITUACAO_IMOVEL_LABELS,
  SITUACOES_IMOVEL,
  UTILIZACOES_SUGERIDAS,
  imovelReportFiltros,
  imovelReportTemplateCreateBody,
  type ImovelReportFiltros,
  type ImovelReportTemplate,
} from '@tombo/shared';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { errorMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { useBusy } from '../relatorios';
import { sortByName, useSectors } from '../sectors';
import { createImovelTemplate, updateImovelTemplate } from './api';
import { imovelRelatorioKeys } from './keys';
import { useImovelReportFields, useImovelTemplate } from './queries';

/** The editor's form: the template's name and columns (shared rules), and the filters as typed. */
const form = z.object({
  name: imovelReportTemplateCreateBody.shape.name,
  fields: imovelReportTemplateCreateBody.shape.fields,
  q: imovelReportFiltros.shape.q,
  utilizacao: imovelReportFiltros.shape.utilizacao,
  bairro: imovelReportFiltros.shape.bairro,
  situacao: z.array(z.enum(SITUACOES_IMOVEL)),
  sectorId: z.string(),
});
type Form = z.infer<typeof form>;
const SIMPLES = ['numero_patrimonio', 'denominacao', 'endereco', 'area_construida'];
const EMPTY: Form = { name: '', fields: SIMPLES, q: '', utilizacao: '', bairro: '', situacao: [], sectorId: '' };

const toForm = (t: ImovelReportTemplate): Form => ({
  name: t.name,
  fields: t.fields,
  q: t.filters.q ?? '',
  utilizacao: t.filters.utilizacao ?? '',
  bairro: t.filters.bairro ?? '',
  situacao: t.filters.situacao ?? [],
  sectorId: t.filters.sectorId ? String(t.filters.sectorId) : '',
});
function toFilters(f: Form): ImovelReportFiltros {
  const out: ImovelReportFiltros = {};
  if (f.q?.trim()) out.q = f.q.trim();
  if (f.utilizacao?.trim()) out.utilizacao = f.utilizacao.trim();
  if (f.bairro?.trim()) out.bairro = f.bairro.trim();
  if (f.situacao.length) out.situacao = f.situacao;
  if (f.sectorId) out.sectorId = Number(f.sectorId);
  return out;
}

/** /imoveis/relatorios/templates/novo and /editar/:templateId: name, columns (in the order chosen) and filters. */
export default function ImovelTemplateEditorPage({ title }: PageProps) {
  const param = useParams().templateId;
  const id = param ? Number(param) : null;
  const { data: tpl, error, isPending, refetch } = useImovelTemplate(id);
  const catalogue = useImovelReportFields().data ?? [];
  const sectors = sortByName(useSectors().data?.sectors ?? []);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [busy, run] = useBusy();
  const { control, handleSubmit, reset, register, watch, formState } = useForm<Form>({
    resolver: zodResolver(form),
    defaultValues: EMPTY,
  });
  useEffect(() => {
    if (tpl) reset(toForm(tpl));
  }, [tpl, reset]);
  const chosen = watch('fields');
  const labelOf = (k: string) => catalogue.find((f) => f.key === k)?.label ?? k;

  const save = handleSubmit((f) =>
    run(async () => {
      const body = { name: f.name, fields: f.fields, filters: toFilters(f) };
      const saved = tpl
        ? await updateImovelTemplate(tpl.id, { ...body, version: tpl.version })
        : await createImovelTemplate(body);
      toast.success(tpl ? IMOVEL_RELATORIO_MSG.templateUpdated : IMOVEL_RELATORIO_MSG.templateCreated);
      await qc.invalidateQueries({ queryKey: imovelRelatorioKeys.templates, exact: true, refetchType: 'all' });
      qc.setQueryData(imovelRelatorioKeys.template(saved.id), saved);
      if (!tpl) void navigate(`/imoveis/relatorios/templates/editar/${saved.id}`, { replace: true });
    }),
  );

  if (id && isPending) return <ContentSpinner />;
  if (id && error) return <LoadError message={errorMessage(error)} onRetry={() => void refetch()} />;
  const errs = formState.errors;
  return (
    <Box component="form" noValidate onSubmit={(e) => void save(e)}>
      <PageHeader
        title={tpl ? `${title}: ${tpl.name}` : title}
        actions={
          <>
            <Button component={RouterLink} to="/imoveis/relatorios/templates" startIcon={<ArrowBack />}>
              Voltar
            </Button>
            <Button type="submit" variant="contained" startIcon={<SaveOutlined />} disabled={busy}>
              Salvar
            </Button>
          </>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <TextField
          id="imovel-tpl-name"
          label="Nome do modelo"
          required
          fullWidth
          {...register('name')}
          error={!!errs.name}
          helperText={errs.name?.message}
          sx={{ mb: 2 }}
        />
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          Colunas do relatório
        </Typography>
        <Controller
          control={control}
          name="fields"
          render={({ field }) => (
            <>
              <Box
                role="group"
                aria-label="Colunas do relatório"
                sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}
              >
                {catalogue.map((c) => (
                  <FormControlLabel
                    key={c.key}
                    sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
                    control={
                      <Checkbox
                        checked={field.value.includes(c.key)}
                        onChange={(e) =>
                          field.onChange(
                            e.target.checked ? [...field.value, c.key] : field.value.filter((k) => k !== c.key),
                          )
                        }
                      />
                    }
                    label={c.custom ? `${c.label} (personalizado)` : c.label}
                  />
                ))}
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Ordem das colunas (na ordem em que foram marcadas):
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }} aria-label="Ordem das colunas">
                {chosen.map((k, i) => (
                  <Chip
                    key={k}
                    size="small"
                    label={`${i + 1}. ${labelOf(k)}`}
                    onDelete={() => field.onChange(field.value.filter((x) => x !== k))}
                  />
                ))}
              </Box>
            </>
          )}
        />
        {errs.fields && (
          <Typography color="error" variant="body2" role="alert">
            {errs.fields.message ?? errs.fields.root?.message}
          </Typography>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
          Filtros padrão
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
          <Controller
            control={control}
            name="situacao"
            render={({ field }) => (
              <TextField
                select
                id="imovel-tpl-situacao"
                label="Situação"
                size="small"
                slotProps={{
                  select: {
                    multiple: true,
                    renderValue: (v) =>
                      (v as string[])
                        .map((s) => SITUACAO_IMOVEL_LABELS[s as keyof typeof SITUACAO_IMOVEL_LABELS])
                        .join(', '),
                  },
                }}
                value={field.value}
                onChange={(e) => field.onChange(e.target.value as unknown as string[])}
              >
                {SITUACOES_IMOVEL.map((s) => (
                  <MenuItem key={s} value={s}>
                    {SITUACAO_IMOVEL_LABELS[s]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="sectorId"
            render={({ field }) => (
              <TextField
                select
                id="imovel-tpl-setor"
                label="Setor responsável"
                size="small"
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                {...field}
              >
                <MenuItem value="">Todos</MenuItem>
                {sectors.map((s) => (
                  <MenuItem key={s.id} value={String(s.id)}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            id="imovel-tpl-utilizacao"
            label="Utilização"
            size="small"
            {...register('utilizacao')}
            error={!!errs.utilizacao}
            helperText={errs.utilizacao?.message}
            slotProps={{ htmlInput: { list: 'imovel-tpl-utilizacoes' } }}
          />
          <datalist id="imovel-tpl-utilizacoes">
            {UTILIZACOES_SUGERIDAS.map((u) => (
              <option key={u} value={u} />
            ))}
          </datalist>
          <TextField
            id="imovel-tpl-bairro"
            label="Bairro"
            size="small"
            {...register('bairro')}
            error={!!errs.bairro}
            helperText={errs.bairro?.message}
          />
          <TextField
            id="imovel-tpl-busca"
            label="Busca (denominação, número ou endereço)"
            size="small"
            {...register('q')}
            error={!!errs.q}
            helperText={errs.q?.message}
          />
        </Box>
      </Paper>
    </Box>
  );
}
