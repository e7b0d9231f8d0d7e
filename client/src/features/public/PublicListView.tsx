import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import FilterList from '@mui/icons-material/FilterList';
import { formatNumber } from '@tombo/shared';
import { errorMessage } from '../../lib/http';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { SearchField } from '../../components/SearchField';
import { useDebouncedSearch } from '../../components/useDebouncedSearch';
import { PublicFilters } from './PublicFilters';
import { municipioChoiceOf, PublicMunicipioChoice } from './PublicMunicipioChoice';
import { PublicProblem } from './PublicProblem';
import { PublicResults } from './PublicResults';
import { usePublicFiltros, usePublicMunicipios, usePublicPatrimonios } from './queries';
import {
  PUBLIC_FILTER_KEYS,
  publicApiParams,
  readPublicState,
  writePublicState,
  type PublicListState,
} from './publicListState';

/**
 * The public asset list of one municipality: chosen in a select (`?municipio=<slug>`; with none, the
 * server answers the only one open to the public or offers the choice) or fixed by the path (`/consulta-publica/:id`).
 * Search, filters, sort and page live in the URL, so a search can be shared.
 */
export function PublicListView({
  title,
  fixedSlug,
  tabs,
}: {
  title: string;
  fixedSlug?: string;
  /** What goes under the title (the 'Bens' | 'Imóveis' tabs), given the chosen municipality. */
  tabs?: (slug: string) => ReactNode;
}) {
  const [sp, setSp] = useSearchParams();
  const location = useLocation();
  const phone = useMediaQuery('(max-width:767.98px)');
  const municipios = usePublicMunicipios();
  const open = municipios.data ?? [];
  const slug = (fixedSlug ?? sp.get('municipio') ?? '').trim().toLowerCase();
  const state = readPublicState(sp);
  const filtros = usePublicFiltros(slug ? { municipio: slug } : null);
  const result = usePublicPatrimonios(slug ? publicApiParams(state, slug) : null);
  // No municipality named: the server's default (the only open one) or its list to choose from.
  const bare = usePublicPatrimonios(slug || fixedSlug ? null : publicApiParams(state, ''));
  const choice = municipioChoiceOf(bare.error);
  const nFilters = PUBLIC_FILTER_KEYS.filter((k) => !!state.filters[k]).length;
  const [filtersOpen, setFiltersOpen] = useState(nFilters > 0);

  const go = (next: PublicListState, municipio = slug) =>
    setSp(writePublicState(next, fixedSlug ? undefined : municipio), { replace: true });
  // Read from the address bar at the moment of the change, not from this render: a search applied by its timer
  // just after a filter was chosen (before the page re-rendered) must keep that filter, and the filter the search.
  const update = (patch: Partial<PublicListState>, resetPage = true) =>
    go({
      ...readPublicState(new URLSearchParams(window.location.search)),
      ...patch,
      ...(resetPage && patch.page === undefined ? { page: 1 } : {}),
    });

  // The server answered its default municipality: it goes into the URL (links and the select follow).
  const answered = bare.data?.municipio.slug;
  useEffect(() => {
    if (!fixedSlug && !slug && answered) go(state, answered);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fixedSlug, slug, answered]);
  const [search, setSearch] = useDebouncedSearch(state.q, (q) => update({ q }));

  const name = filtros.data?.municipio.name ?? open.find((m) => m.slug === slug)?.name;
  const total = result.data?.total ?? 0;
  const chooser = !fixedSlug && (
    <TextField
      select
      size="small"
      id="consulta-municipio"
      label="Município"
      sx={{ minWidth: { sm: 240 } }}
      value={open.some((m) => m.slug === slug) ? slug : ''}
      onChange={(e) => go({ ...state, filters: {}, page: 1 }, e.target.value)}
      disabled={open.length === 0}
    >
      {open.map((m) => (
        <MenuItem key={m.id} value={m.slug}>
          {m.name}
        </MenuItem>
      ))}
    </TextField>
  );

  // An unknown municipality, or one whose public search is off: nothing to search in.
  const blocked = result.isError && !result.data;
  let body;
  if (!slug && choice) {
    body = (
      <PublicMunicipioChoice
        message={errorMessage(bare.error)}
        municipios={choice}
        hrefOf={(m) => `?${writePublicState({ ...state, filters: {}, page: 1 }, m.slug).toString()}`}
      />
    );
  } else if (!slug) {
    body = bare.isError ? (
      <PublicProblem error={bare.error} onRetry={() => void bare.refetch()} />
    ) : (
      <Paper variant="outlined">
        <EmptyState
          icon={<AccountBalanceOutlined fontSize="inherit" />}
          title={
            bare.isPending || bare.data ? 'Carregando municípios…' : 'Escolha um município para consultar o patrimônio.'
          }
        />
      </Paper>
    );
  } else if (blocked) {
    body = (
      <PublicProblem
        error={result.error}
        hint="Confira o endereço ou escolha outro município."
        action={
          <Button component={RouterLink} to="/consulta-publica">
            Ver municípios disponíveis
          </Button>
        }
        onRetry={() => void result.refetch()}
      />
    );
  } else {
    body = (
      <>
        {filtersOpen && (
          <PublicFilters
            id="consulta-filtros"
            filtros={filtros.data}
            value={state.filters}
            onChange={(filters) => update({ filters })}
          />
        )}
        <PublicResults
          rows={result.data?.patrimonios ?? []}
          total={total}
          state={state}
          loading={result.isFetching}
          phone={phone}
          filtered={!!state.q || nFilters > 0}
          detailOf={(numero) =>
            `/consulta-publica/bem/${encodeURIComponent(numero)}?municipio=${encodeURIComponent(slug)}`
          }
          backState={{ from: location.pathname + location.search }}
          onChange={update}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={title}
        subtitle={`${name ? `${name} — bens` : 'Bens'} públicos abertos à consulta de qualquer cidadão, sem precisar entrar no sistema.`}
      />
      {tabs?.(slug)}
      {!(blocked && fixedSlug) && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
          {chooser}
          {!blocked && (
            <>
              <SearchField
                id="consulta-busca"
                type="search"
                label="Buscar por número ou descrição"
                value={search}
                disabled={!slug}
                onChange={(e) => setSearch(e.target.value)}
              />
              <Badge badgeContent={nFilters} color="primary" sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
                <Button
                  variant={filtersOpen ? 'contained' : 'outlined'}
                  color="inherit"
                  startIcon={<FilterList />}
                  disabled={!slug}
                  onClick={() => setFiltersOpen((o) => !o)}
                  aria-expanded={filtersOpen}
                  aria-controls="consulta-filtros"
                >
                  Filtros
                </Button>
              </Badge>
            </>
          )}
          <Typography
            variant="body2"
            color="text.secondary"
            role="status"
            aria-live="polite"
            sx={{ ml: { sm: 'auto' } }}
          >
            {result.data ? `${formatNumber(total)} ${total === 1 ? 'bem encontrado' : 'bens encontrados'}` : ''}
          </Typography>
        </Stack>
      )}
      {body}
    </>
  );
}
