import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import FilterList from '@mui/icons-material/FilterList';
import { LoadError } from '../../LoadError';
import { PageHeader } from '../../PageHeader';
import { SearchField } from '../../SearchField';
import { useDebouncedSearch } from '../../useDebouncedSearch';
import { ColumnChooser } from './ColumnChooser';
import type { RegisterConfig } from './config';
import { FiltersPanel } from './FiltersPanel';
import { ListTabs } from './ListTabs';
import { PhoneCards } from './PhoneCards';
import { RegisterTable } from './RegisterTable';
import { SelectionBar } from './SelectionBar';
import { useColumnChoice } from './useColumnChoice';
import { useExportJob } from './useExportJob';
import { useSelection } from './useSelection';
import { activeFilterCount, apiParams, filterParams, lastPage, pastEndNotice, useListUrlState } from './urlState';

interface Props<T extends { id: number; version?: number }> {
  title: string;
  subtitle: string;
  config: RegisterConfig<T>;
  /** The header's buttons before 'Exportar' (new record, import…). */
  actions?: ReactNode;
  /** Between the header and the list (an upload panel). */
  intro?: ReactNode;
}

/**
 * A register's list page: search, filters and the page in the URL; a table that fits 1366 px with the row's actions
 * pinned right, cards under 768 px; ticked rows for the bulk actions; the export as a job. Rows follow live events
 * through the area's query cache (its live.ts).
 */
export function RegisterList<T extends { id: number; version?: number }>({
  title,
  subtitle,
  config,
  actions,
  intro,
}: Props<T>) {
  const phone = useMediaQuery('(max-width:767.98px)');
  const navigate = useNavigate();
  const { state, notice: urlNotice, update, setTab } = useListUrlState(config.shape);
  const params = apiParams(state, config.shape);
  const filters = filterParams(params);
  const query = config.useRows(params);
  const { rows = [], total } = query;
  const choice = useColumnChoice(config.id, config.columns);
  const [filtersOpen, setFiltersOpen] = useState(() => activeFilterCount(state) > 0);
  const [search, setSearch] = useDebouncedSearch(state.q, (q) => update({ q }));
  const [notice, setNotice] = useState<string | null>(null);
  const selection = useSelection(rows, JSON.stringify([state.q, state.filters, state.tab]));
  const exporting = useExportJob(config.exportJob?.start, config.exportJob?.title ?? 'Exportação');

  // A malformed page shows page 1, a page past the end the last one; both say so.
  useEffect(() => {
    if (urlNotice) {
      setNotice(urlNotice);
      update({ page: 1 }, false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlNotice]);
  const last = total === undefined ? null : lastPage(total, state.pageSize);
  useEffect(() => {
    if (last === null || query.isPlaceholderData || state.page <= last) return;
    setNotice(pastEndNotice(state.page, last));
    update({ page: last }, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [last, state.page, query.isPlaceholderData]);

  const nFilters = activeFilterCount(state);
  const { rowHref, onOpen } = config;
  const open = rowHref ? (row: T) => void navigate(rowHref(row)) : onOpen;
  const filtered = nFilters > 0 || !!state.q;
  const empty = filtered
    ? config.emptyFilteredText
    : typeof config.emptyText === 'function'
      ? config.emptyText(state.tab)
      : config.emptyText;
  const emptyHint = filtered ? config.emptyFilteredHint : config.emptyHint;
  const ticked = selection.count > 0 || selection.allFiltered;
  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <>
            {actions}
            {exporting.button(filters)}
          </>
        }
      />
      {exporting.panel}
      {intro}
      {config.tabs && config.shape.tab && (
        <ListTabs
          tabs={config.tabs}
          values={config.shape.tab.values}
          value={state.tab}
          counts={query.tabCounts}
          phone={phone}
          onChange={setTab}
        />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
        {config.searchLabel && (
          <SearchField
            id={`${config.id}-busca`}
            label={config.searchLabel}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        )}
        <Stack direction="row" spacing={1.5}>
          {config.useFilters && (
            <Badge badgeContent={nFilters} color="primary">
              <Button
                variant={filtersOpen ? 'contained' : 'outlined'}
                color="inherit"
                startIcon={<FilterList />}
                onClick={() => setFiltersOpen((o) => !o)}
                aria-expanded={filtersOpen}
                aria-controls={`${config.id}-filtros`}
              >
                Filtros
              </Button>
            </Badge>
          )}
          {!phone && config.chooser !== false && (
            <ColumnChooser
              columns={config.columns}
              isShown={choice.isShown}
              onToggle={choice.toggle}
              onReset={choice.reset}
            />
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" role="status" aria-live="polite" sx={{ ml: { sm: 'auto' } }}>
          {total === undefined ? '' : config.count(total)}
        </Typography>
      </Stack>
      {notice && (
        <Alert severity="info" onClose={() => setNotice(null)} sx={{ mb: 2 }} data-testid="lista-aviso">
          {notice}
        </Alert>
      )}
      {filtersOpen && config.useFilters && (
        <FiltersPanel
          key={state.tab}
          id={`${config.id}-filtros`}
          useFilters={config.useFilters}
          tab={state.tab}
          check={config.checkFilters}
          value={state.filters}
          onApply={(f) => update({ filters: f })}
        />
      )}
      {config.bulk && ticked && !phone && (
        <SelectionBar
          count={selection.count}
          allFiltered={selection.allFiltered}
          total={total ?? 0}
          noun={config.noun}
          feminine={config.nounFeminine}
          onAllFiltered={config.bulk.allFiltered ? selection.selectAllFiltered : undefined}
          onClear={selection.clear}
        >
          {config.bulk.actions(
            selection.allFiltered
              ? { kind: 'filter', params: filters, total: total ?? 0 }
              : { kind: 'rows', rows: selection.rows },
            selection.clear,
          )}
        </SelectionBar>
      )}
      {query.isError && !query.rows ? (
        <LoadError message={config.loadFailed} onRetry={() => void query.refetch()} />
      ) : phone ? (
        <PhoneCards
          rows={rows}
          total={total ?? 0}
          loading={total === undefined}
          page={state.page}
          pageSize={state.pageSize}
          sort={state.sort}
          order={state.order}
          sorts={config.phoneSorts}
          sortLabel={config.sortLabel}
          selectId={`${config.id}-ordem`}
          emptyText={empty}
          emptyHint={emptyHint}
          listLabel={config.label}
          card={config.card}
          onPage={(page) => update({ page }, false)}
          onSort={(sort, order) => update({ sort, order })}
          onOpen={open}
        />
      ) : (
        <RegisterTable
          label={config.label}
          rows={rows}
          columns={choice.visible}
          total={total}
          state={state}
          loading={query.isFetching}
          emptyText={empty}
          emptyHint={emptyHint}
          onRow={open}
          actions={config.actions}
          actionsWidth={config.actionsWidth}
          selected={config.bulk ? selection.ids : undefined}
          onSelect={config.bulk ? selection.toggle : undefined}
          onPage={(page) => update({ page }, false)}
          onPageSize={(pageSize) => update({ pageSize })}
          onSort={(sort, order) => update({ sort, order })}
        />
      )}
    </>
  );
}
