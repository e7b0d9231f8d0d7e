import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import FilterList from '@mui/icons-material/FilterList';
import {
  AUDIT_COUNT_CAP,
  AUDIT_MSG,
  AUDIT_PAGE_SIZES,
  formatInteger,
  type AuditList,
  type AuditLog,
} from '@tombo/shared';
import { useLoadErrorToast } from '../../lib/useLoadErrorToast';
import { EmptyState } from '../../components/EmptyState';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/feature';
import { AuditCards } from './AuditCards';
import { AuditDrawer } from './AuditDrawer';
import { AuditFilters } from './AuditFilters';
import { AuditTable } from './AuditTable';
import { useAuditAuthors, useAuditLogs } from './queries';
import { activeFilters, useAuditUrlState } from './urlState';

/** '1–50 de 1.234' or, past the exact count, '1–50 de mais de 1.000'. */
function rangeText(data: AuditList, pageIndex: number, pageSize: number): string {
  if (!data.logs.length) return '0 registros';
  const from = pageIndex * pageSize + 1;
  const to = from + data.logs.length - 1;
  const of = data.totalIsEstimate ? `mais de ${formatInteger(AUDIT_COUNT_CAP)}` : formatInteger(data.total);
  return `${formatInteger(from)}–${formatInteger(to)} de ${of}`;
}

/** /registros-de-atividade: the municipality's log, filtered and paged on the server, new entries live. */
export default function AuditLogPage({ title }: PageProps) {
  const phone = useMediaQuery('(max-width:767.98px)');
  const { state, update } = useAuditUrlState();
  const filterKey = JSON.stringify(state);
  // Cursors of the pages seen: cursors[i] is the `before` of page i (none for the first).
  const [paging, setPaging] = useState<{ key: string; cursors: Array<number | undefined> }>({
    key: filterKey,
    cursors: [undefined],
  });
  const cursors = paging.key === filterKey ? paging.cursors : [undefined];
  const pageIndex = cursors.length - 1;
  const params = {
    ...state.filters,
    pageSize: state.pageSize,
    ...(cursors[pageIndex] ? { before: cursors[pageIndex] } : {}),
  };
  const { data, isPending, isError, isFetching, isPlaceholderData, errorUpdatedAt, refetch } = useAuditLogs(params);
  const authors = useAuditAuthors().data ?? [];
  useLoadErrorToast(isError, errorUpdatedAt, AUDIT_MSG.loadFailed);
  const [open, setOpen] = useState<AuditLog | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(() => activeFilters(state.filters) > 0);

  // Entries newer than the first answer of these filters arrived live: they are lit for a moment.
  const [baseline, setBaseline] = useState<{ key: string; id: number } | null>(null);
  if (data && !isPlaceholderData && pageIndex === 0 && baseline?.key !== filterKey)
    setBaseline({ key: filterKey, id: data.logs[0]?.id ?? 0 });
  const fresh = new Set(
    baseline?.key === filterKey && pageIndex === 0
      ? (data?.logs ?? []).filter((l) => l.id > baseline.id).map((l) => l.id)
      : [],
  );

  const go = (next: Array<number | undefined>) => setPaging({ key: filterKey, cursors: next });
  const filtering = activeFilters(state.filters);
  const filters = (
    <AuditFilters
      filters={state.filters}
      authors={authors}
      onChange={(patch) => update(patch ? { filters: patch } : { clearFilters: true })}
    />
  );

  return (
    <>
      <PageHeader
        title={title}
        subtitle="Tudo o que foi criado, alterado ou excluído no município: quem fez, quando e o que mudou."
        actions={
          phone && (
            <Button
              variant="outlined"
              startIcon={
                <Badge color="primary" badgeContent={filtering} invisible={!filtering}>
                  <FilterList />
                </Badge>
              }
              onClick={() => setFiltersOpen((o) => !o)}
              aria-expanded={filtersOpen}
            >
              Filtros
            </Button>
          )
        }
      />
      {phone ? (
        <Collapse in={filtersOpen}>
          <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
            {filters}
          </Paper>
        </Collapse>
      ) : (
        <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
          {filters}
        </Paper>
      )}
      {isPending ? (
        <ContentSpinner />
      ) : isError && !data ? (
        <LoadError message={AUDIT_MSG.loadFailed} onRetry={() => void refetch()} />
      ) : !data || data.logs.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState title={filtering ? AUDIT_MSG.emptyFiltered : AUDIT_MSG.empty} />
        </Paper>
      ) : (
        <Box sx={{ position: 'relative' }}>
          {isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />}
          {phone ? (
            <AuditCards logs={data.logs} fresh={fresh} onOpen={setOpen} />
          ) : (
            <AuditTable logs={data.logs} fresh={fresh} onOpen={setOpen} />
          )}
          <Box
            component="nav"
            aria-label="Paginação dos registros"
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'flex-end',
              flexWrap: 'wrap',
              gap: 1,
              mt: 1.5,
            }}
          >
            {!phone && (
              <TextField
                select
                size="small"
                label="Por página"
                value={state.pageSize}
                onChange={(e) => update({ pageSize: Number(e.target.value) })}
                sx={{ width: 120 }}
              >
                {AUDIT_PAGE_SIZES.map((n) => (
                  <MenuItem key={n} value={n}>
                    {n}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Typography variant="body2" sx={{ mx: 1, fontVariantNumeric: 'tabular-nums' }} aria-live="polite">
              {rangeText(data, pageIndex, state.pageSize)}
            </Typography>
            <IconButton
              aria-label="Página anterior"
              disabled={pageIndex === 0}
              onClick={() => go(cursors.slice(0, -1))}
            >
              <ChevronLeft />
            </IconButton>
            <IconButton
              aria-label="Próxima página"
              disabled={!data.hasMore}
              onClick={() => go([...cursors, data.logs[data.logs.length - 1].id])}
            >
              <ChevronRight />
            </IconButton>
          </Box>
        </Box>
      )}
      <AuditDrawer log={open} onClose={() => setOpen(null)} />
    </>
  );
}
