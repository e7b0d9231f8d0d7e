import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import TableViewOutlined from '@mui/icons-material/TableViewOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import {
  DEPRECIACAO_RELATORIO_MSG,
  DEPRECIACAO_RELATORIO_TIPOS,
  DEPRECIACAO_RELATORIO_TITULOS,
  depreciacaoRelatorioFiltros,
  formatDate,
  isoDayOf,
  maskDateBR,
  parseDateBR,
  type DepreciacaoRelatorioFiltros,
  type DepreciacaoRelatorioTipo,
} from '@tombo/shared';
import { PageHeader } from '../../components/PageHeader';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import type { PageProps } from '../../lib/feature';
import { errorMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { byName, useTipos } from '../catalogs';
import { JobProgressPanel } from '../downloads';
import { useBusy } from '../relatorios';
import { sortByName, useSectors } from '../sectors';
import { requestRelatorioDepreciacao } from './api';
import { useRelatorioDepreciacao } from './queries';
import { RelatorioTabela } from './RelatorioTabela';

const POR_PERIODO = new Set<DepreciacaoRelatorioTipo>(['periodo', 'eventos']);
const ano = () => isoDayOf(new Date()).slice(0, 4);

/** /relatorios/depreciacao: choose a kind and filters, preview the rows and totals, generate the PDF or the XLSX. */
export default function DepreciacaoRelatoriosPage({ title }: PageProps) {
  const sectors = sortByName(useSectors().data?.sectors ?? []);
  const tipos = byName(useTipos().data ?? []);
  const [tipo, setTipo] = useState<DepreciacaoRelatorioTipo>('periodo');
  const [de, setDe] = useState(`${ano()}-01`);
  const [ate, setAte] = useState(isoDayOf(new Date()).slice(0, 7));
  const [data, setData] = useState(formatDate(isoDayOf(new Date())));
  const [sectorId, setSectorId] = useState('');
  const [tipoId, setTipoId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<DepreciacaoRelatorioFiltros | null>(null);
  const [job, setJob] = useState<{ id: string; title: string } | null>(null);
  const [busy, run] = useBusy();
  const q = useRelatorioDepreciacao(preview);

  /** The filters as the API takes them, or null (and the errors shown) when they are not valid. */
  const filtros = (): DepreciacaoRelatorioFiltros | null => {
    const porPeriodo = POR_PERIODO.has(tipo);
    const iso = parseDateBR(data);
    if (!porPeriodo && !iso) {
      setErrors({ data: 'Data inválida (use dd/mm/aaaa).' });
      return null;
    }
    const r = depreciacaoRelatorioFiltros.safeParse({
      tipo,
      ...(porPeriodo ? { competenciaDe: de || undefined, competenciaAte: ate || undefined } : { data: iso }),
      ...(sectorId ? { sectorId: Number(sectorId) } : {}),
      ...(tipoId ? { tipoId: Number(tipoId) } : {}),
    });
    if (!r.success) {
      const errs: Record<string, string> = {};
      for (const i of r.error.issues) errs[String(i.path[0])] ??= i.message;
      setErrors(errs);
      return null;
    }
    setErrors({});
    return r.data;
  };
  const gerar = (formato: 'pdf' | 'xlsx') =>
    run(async () => {
      const f = filtros();
      if (!f) return;
      const j = await requestRelatorioDepreciacao({ ...f, formato });
      setJob({ id: j.id, title: j.title });
      toast.success(DEPRECIACAO_RELATORIO_MSG.requested);
    });

  return (
    <Box>
      <PageHeader
        title={title}
        subtitle="Depreciação mensal, valores por tipo e por setor, valor contábil em qualquer data, reavaliações e reduções."
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box
          component="form"
          aria-label="Filtros do relatório de depreciação"
          onSubmit={(e) => {
            e.preventDefault();
            setPreview(filtros());
          }}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}
        >
          <TextField
            select
            id="dep-rel-tipo"
            label="Relatório"
            value={tipo}
            onChange={(e) => setTipo(e.target.value as DepreciacaoRelatorioTipo)}
            sx={{ gridColumn: { sm: '1 / -1', lg: 'span 2' } }}
          >
            {DEPRECIACAO_RELATORIO_TIPOS.map((t) => (
              <MenuItem key={t} value={t}>
                {DEPRECIACAO_RELATORIO_TITULOS[t]}
              </MenuItem>
            ))}
          </TextField>
          {POR_PERIODO.has(tipo) ? (
            <>
              <TextField
                id="dep-rel-de"
                type="month"
                label="Competência inicial"
                value={de}
                onChange={(e) => setDe(e.target.value)}
                error={!!errors.competenciaDe}
                helperText={errors.competenciaDe ?? (tipo === 'eventos' ? 'Opcional.' : ' ')}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                id="dep-rel-ate"
                type="month"
                label="Competência final"
                value={ate}
                onChange={(e) => setAte(e.target.value)}
                error={!!errors.competenciaAte}
                helperText={errors.competenciaAte ?? (tipo === 'eventos' ? 'Opcional.' : ' ')}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </>
          ) : (
            <TextField
              id="dep-rel-data"
              label="Data"
              placeholder="dd/mm/aaaa"
              value={data}
              onChange={(e) => setData(maskDateBR(e.target.value))}
              error={!!errors.data}
              helperText={errors.data ?? 'Passada (meses fechados) ou futura (projeção).'}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
              sx={{ gridColumn: { lg: 'span 2' } }}
            />
          )}
          <TextField
            select
            id="dep-rel-setor"
            label="Setor"
            value={sectorId}
            onChange={(e) => setSectorId(e.target.value)}
          >
            <MenuItem value="">Todos</MenuItem>
            {sectors.map((s) => (
              <MenuItem key={s.id} value={String(s.id)}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            id="dep-rel-tipo-bem"
            label="Tipo de bem"
            value={tipoId}
            onChange={(e) => setTipoId(e.target.value)}
          >
            <MenuItem value="">Todos</MenuItem>
            {tipos.map((t) => (
              <MenuItem key={t.id} value={String(t.id)}>
                {t.name}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" startIcon={<VisibilityOutlined />} disabled={busy}>
              Visualizar
            </Button>
            <Button
              variant="outlined"
              startIcon={<PictureAsPdfOutlined />}
              onClick={() => void gerar('pdf')}
              disabled={busy}
            >
              Gerar PDF
            </Button>
            <Button
              variant="outlined"
              startIcon={<TableViewOutlined />}
              onClick={() => void gerar('xlsx')}
              disabled={busy}
            >
              Gerar XLSX
            </Button>
          </Box>
        </Box>
      </Paper>
      {job && (
        <Box sx={{ mb: 2 }}>
          <JobProgressPanel jobId={job.id} title={job.title} onClose={() => setJob(null)} />
        </Box>
      )}
      {preview == null ? (
        <Alert severity="info">Escolha o relatório e os filtros e clique em Visualizar, ou gere o PDF ou o XLSX.</Alert>
      ) : q.isPending ? (
        <ContentSpinner />
      ) : q.error ? (
        <LoadError
          message={errorMessage(q.error, DEPRECIACAO_RELATORIO_MSG.loadFailed)}
          onRetry={() => void q.refetch()}
        />
      ) : (
        <RelatorioTabela rel={q.data} />
      )}
    </Box>
  );
}
