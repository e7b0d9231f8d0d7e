import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import {
  DEFAULT_NUMBERING,
  NUMBERING_MSG,
  NUMBERING_SEPARATORS,
  numberingBody,
  renderNumero,
  yearOf,
  type NumberingComponent,
  type NumberingPattern,
} from '@tombo/shared';
import { ApiError } from '../../lib/http';
import { hasPermission, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { sortByName, useSectors } from '../sectors';
import { saveNumbering } from './api';
import { catalogKeys } from './keys';
import { useNumbering } from './queries';
import { NextNumbersCard } from './NextNumbersCard';

const SEPARATOR_LABELS: Record<(typeof NUMBERING_SEPARATORS)[number], string> = {
  '': 'Nenhum',
  '-': 'Hífen (-)',
  '/': 'Barra (/)',
  '.': 'Ponto (.)',
};
const TYPE_LABELS: Record<NumberingComponent['type'], string> = {
  year: 'Ano',
  sector: 'Código do setor',
  sequence: 'Sequência',
};

/** /configuracoes/numeracao-bens: the municipality's numbering pattern (spec §3, default §9). */
export default function NumeracaoBensPage({ title }: PageProps) {
  const { data, isPending, isError, refetch } = useNumbering();
  return (
    <>
      <PageHeader
        title={title}
        subtitle="Como o sistema forma os números de patrimônio. Os números são únicos no município e nunca reutilizados."
      />
      {isPending ? (
        <ContentSpinner />
      ) : isError ? (
        <LoadError message="Falha ao carregar o padrão de numeração." onRetry={() => void refetch()} />
      ) : (
        <Editor key={data.version} pattern={data} />
      )}
    </>
  );
}

interface Draft {
  year: boolean;
  sector: boolean;
  components: NumberingComponent[];
  separator: NumberingPattern['separator'];
}

function draftOf(p: Pick<NumberingPattern, 'components' | 'separator'>): Draft {
  const all: NumberingComponent[] = [...p.components];
  for (const c of DEFAULT_NUMBERING.components) if (!all.some((x) => x.type === c.type)) all.push(c);
  return {
    year: p.components.some((c) => c.type === 'year'),
    sector: p.components.some((c) => c.type === 'sector'),
    components: all,
    separator: p.separator,
  };
}

function Editor({ pattern }: { pattern: NumberingPattern }) {
  const user = useSession((s) => s.user);
  const canManage = hasPermission(user, 'catalogs:manage');
  const qc = useQueryClient();
  const sectors = sortByName(useSectors().data?.sectors ?? []);
  const [draft, setDraft] = useState<Draft>(() => draftOf(pattern));
  const [sampleSector, setSampleSector] = useState('');
  const [error, setError] = useState<string | null>(null);
  const used = draft.components.filter(
    (c) => c.type === 'sequence' || (c.type === 'year' && draft.year) || (c.type === 'sector' && draft.sector),
  );
  const code = sectors.find((s) => String(s.id) === sampleSector)?.code ?? sectors[0]?.code ?? 'AD';
  // The server numbers by the Brasília calendar year.
  const year = yearOf(new Date());
  const preview = renderNumero(
    { components: used, separator: draft.separator },
    { year, sectorCode: code, sequence: 1 },
  );
  const previewNext = renderNumero(
    { components: used, separator: draft.separator },
    { year, sectorCode: code, sequence: 2 },
  );

  const save = useMutation({
    mutationFn: () => saveNumbering({ components: used, separator: draft.separator, version: pattern.version }),
    onSuccess: (p) => {
      qc.setQueryData(catalogKeys.numbering, p);
      void qc.invalidateQueries({ queryKey: catalogKeys.nextNumbers });
      toast.success(NUMBERING_MSG.saved);
    },
    onError: (err) => {
      toast.fromError(err);
      if (err instanceof ApiError && err.status === 409) void qc.invalidateQueries({ queryKey: catalogKeys.numbering });
    },
  });

  const submit = () => {
    const r = numberingBody.safeParse({ components: used, separator: draft.separator });
    if (!r.success) return setError(r.error.issues[0]?.message ?? 'Padrão inválido.');
    setError(null);
    save.mutate();
  };

  const setComponent = (i: number, c: NumberingComponent) =>
    setDraft((d) => ({ ...d, components: d.components.map((x, j) => (j === i ? c : x)) }));
  const move = (i: number, dir: -1 | 1) =>
    setDraft((d) => {
      const list = [...d.components];
      [list[i], list[i + dir]] = [list[i + dir], list[i]];
      return { ...d, components: list };
    });
  const disabled = !canManage || save.isPending;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        {pattern.isDefault && (
          <Alert severity="info" sx={{ mb: 2 }}>
            O município usa o padrão inicial: ano (AAAA), código do setor com 2 caracteres e sequência de 6 dígitos.
          </Alert>
        )}
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Componentes
        </Typography>
        <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Componentes do número">
          {draft.components.map((c, i) => {
            const on = c.type === 'sequence' || (c.type === 'year' ? draft.year : draft.sector);
            return (
              <Paper
                component="li"
                key={c.id}
                variant="outlined"
                sx={{
                  p: 1.5,
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 1.5,
                  opacity: on ? 1 : 0.6,
                }}
              >
                <Box sx={{ display: 'flex', flexDirection: 'column' }}>
                  <Tooltip title="Mover para cima">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Mover ${TYPE_LABELS[c.type]} para cima`}
                        disabled={disabled || i === 0}
                        onClick={() => move(i, -1)}
                      >
                        <ArrowUpward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Mover para baixo">
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Mover ${TYPE_LABELS[c.type]} para baixo`}
                        disabled={disabled || i === draft.components.length - 1}
                        onClick={() => move(i, 1)}
                      >
                        <ArrowDownward fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </Box>
                {c.type === 'sequence' ? (
                  <Typography sx={{ minWidth: 170, fontWeight: 600 }}>{TYPE_LABELS[c.type]}</Typography>
                ) : (
                  <FormControlLabel
                    sx={{ minWidth: 170 }}
                    control={
                      <Switch
                        checked={on}
                        disabled={disabled}
                        onChange={(e) => setDraft((d) => ({ ...d, [c.type]: e.target.checked }))}
                      />
                    }
                    label={TYPE_LABELS[c.type]}
                  />
                )}
                {c.type === 'year' && (
                  <TextField
                    select
                    size="small"
                    id="numeracao-ano"
                    label="Formato do ano"
                    value={c.format}
                    disabled={disabled || !on}
                    onChange={(e) => setComponent(i, { ...c, format: e.target.value as 'YYYY' | 'YY' })}
                    sx={{ minWidth: 170 }}
                  >
                    <MenuItem value="YYYY">AAAA ({year})</MenuItem>
                    <MenuItem value="YY">AA ({String(year % 100).padStart(2, '0')})</MenuItem>
                  </TextField>
                )}
                {c.type === 'sector' && (
                  <TextField
                    select
                    size="small"
                    id="numeracao-setor"
                    label="Caracteres do código"
                    value={c.sectorCodeLength}
                    disabled={disabled || !on}
                    onChange={(e) => setComponent(i, { ...c, sectorCodeLength: Number(e.target.value) })}
                    sx={{ minWidth: 170 }}
                  >
                    <MenuItem value={1}>1</MenuItem>
                    <MenuItem value={2}>2</MenuItem>
                  </TextField>
                )}
                {c.type === 'sequence' && (
                  <TextField
                    size="small"
                    type="number"
                    id="numeracao-sequencia"
                    label="Dígitos da sequência"
                    value={c.length}
                    disabled={disabled}
                    onChange={(e) =>
                      setComponent(i, { ...c, length: Math.max(1, Math.min(10, Number(e.target.value) || 1)) })
                    }
                    slotProps={{ htmlInput: { min: 1, max: 10 } }}
                    sx={{ minWidth: 170 }}
                  />
                )}
              </Paper>
            );
          })}
        </Stack>
        <TextField
          select
          id="numeracao-separador"
          label="Separador"
          value={draft.separator}
          disabled={disabled}
          sx={{ mt: 2, minWidth: 220 }}
          onChange={(e) => setDraft((d) => ({ ...d, separator: e.target.value as Draft['separator'] }))}
          helperText="Entre os componentes do número."
        >
          {NUMBERING_SEPARATORS.map((s) => (
            <MenuItem key={s || 'none'} value={s}>
              {SEPARATOR_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        {canManage && (
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 3 }}>
            <Button onClick={() => setDraft(draftOf(pattern))} disabled={save.isPending}>
              Descartar
            </Button>
            <Button variant="contained" onClick={submit} disabled={save.isPending}>
              Salvar padrão
            </Button>
          </Box>
        )}
      </Paper>
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Pré-visualização
          </Typography>
          <TextField
            select
            fullWidth
            size="small"
            id="numeracao-exemplo-setor"
            label="Setor do exemplo"
            value={sampleSector || (sectors[0] ? String(sectors[0].id) : '')}
            onChange={(e) => setSampleSector(e.target.value)}
            sx={{ mb: 2 }}
          >
            {sectors.map((s) => (
              <MenuItem key={s.id} value={String(s.id)}>
                {s.name} ({s.code})
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="text.secondary">
            Primeiro número do ano neste setor
          </Typography>
          <Typography
            data-testid="numeracao-preview"
            sx={{ fontFamily: 'monospace', fontSize: 28, fontWeight: 700, letterSpacing: 1, wordBreak: 'break-all' }}
            aria-live="polite"
          >
            {preview}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Seguinte:{' '}
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {previewNext}
            </Box>
          </Typography>
          <Alert severity="warning" variant="outlined" sx={{ mt: 2 }}>
            A mudança vale para os próximos cadastros; os números já emitidos não mudam e nunca são reaproveitados.
          </Alert>
        </Paper>
        <NextNumbersCard />
      </Stack>
    </Box>
  );
}
