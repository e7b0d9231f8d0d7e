import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
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
  type NumberingBody,
  type NumberingComponent,
  type NumberingPattern,
} from '@tombo/shared';
import { useCan } from '../../lib/permissions';
import { useApiMutation } from '../../lib/useApiMutation';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/register/QueryState';
import { RecordFormFrame, useRecordEditing } from '../../components/register/form';
import type { PageProps } from '../../lib/feature';
import { sortByName, useSectors } from '../sectors';
import { fetchNumbering, saveNumbering } from './api';
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
  const query = useNumbering();
  return (
    <>
      <PageHeader
        title={title}
        subtitle="Como o sistema forma os números de patrimônio. Os números são únicos no município e nunca reutilizados."
      />
      <QueryState query={query} errorText="Falha ao carregar o padrão de numeração.">
        {(data) => <Editor initial={data} />}
      </QueryState>
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

/** The pattern being edited as a versioned record (one per municipality: its id is the municipality's). */
const recordOf = (p: NumberingPattern) => ({ ...p, id: p.municipalityId });

function Editor({ initial }: { initial: NumberingPattern }) {
  const canManage = useCan()('catalogs:manage');
  const qc = useQueryClient();
  const sectors = sortByName(useSectors().data?.sectors ?? []);
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const [sampleSector, setSampleSector] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The draft survives a refetch: a newer stored pattern (someone else saved) raises the banner, never a reset.
  const edit = useRecordEditing(recordOf(initial), {
    fetch: async () => recordOf(await fetchNumbering()),
    apply: (fresh) => {
      qc.setQueryData(catalogKeys.numbering, fresh);
      setDraft(draftOf(fresh));
    },
    reloadedText: 'Padrão de numeração recarregado com a versão atual.',
  });
  const pattern = edit.base ?? recordOf(initial);
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

  const save = useApiMutation({
    mutationFn: async (body: NumberingBody) => {
      edit.setConflict(null);
      const saved = await saveNumbering(body);
      edit.setBase(recordOf(saved));
      return saved;
    },
    success: NUMBERING_MSG.saved,
    invalidate: [catalogKeys.nextNumbers],
    onSuccess: (saved) => qc.setQueryData(catalogKeys.numbering, saved),
    onConflict: (err) => edit.setConflict(err.message),
  });
  const saving = save.isPending;
  // A refetch (live 'catalog.changed') that brings a newer version than the one being edited: someone else saved.
  const stored = useNumbering().data;
  const remote = edit.remote ?? (stored && !saving && stored.version > pattern.version ? 'updated' : null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The same contract as the route, version included: the client never sends what the server refuses.
    const r = numberingBody.safeParse({ components: used, separator: draft.separator, version: pattern.version });
    if (!r.success) return setError(r.error.issues[0]?.message ?? 'Padrão inválido.');
    setError(null);
    save.mutate(r.data);
  };

  const setComponent = (i: number, c: NumberingComponent) =>
    setDraft((d) => ({ ...d, components: d.components.map((x, j) => (j === i ? c : x)) }));
  const move = (i: number, dir: -1 | 1) =>
    setDraft((d) => {
      const list = [...d.components];
      [list[i], list[i + dir]] = [list[i + dir], list[i]];
      return { ...d, components: list };
    });
  const disabled = !canManage || saving;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
      <RecordFormFrame
        label="Padrão de numeração"
        onSubmit={submit}
        conflict={edit.conflict}
        remote={remote}
        changedText="O padrão de numeração foi alterado por outra pessoa enquanto você editava."
        goneText={() => ''}
        onReload={() => void edit.reload()}
        saving={saving || !canManage}
        submitLabel="Salvar padrão"
        cancelTo="/configuracoes"
        extraActions={
          <Button onClick={() => setDraft(draftOf(pattern))} disabled={disabled}>
            Descartar
          </Button>
        }
      >
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
          // '' is a choice here ('Nenhum'), not an empty select: shown, with the label above it.
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
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
      </RecordFormFrame>
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
