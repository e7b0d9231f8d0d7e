import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import {
  SITUACAO_IMOVEL_LABELS,
  SITUACOES_IMOVEL,
  formatDecimal,
  formatNumber,
  type PublicImovel,
  type SituacaoImovel,
} from '@tombo/shared';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { SearchField } from '../../components/SearchField';
import { useDebouncedSearch } from '../../components/useDebouncedSearch';
import { usePublicImoveis } from './imoveisQueries';
import { PublicProblem } from './PublicProblem';
import { PublicTabs } from './PublicTabs';
import { usePublicMunicipios } from './queries';

/** A property's situação as a small chip. */
export function SituacaoChip({ situacao }: { situacao: SituacaoImovel }) {
  return <Chip size="small" variant="outlined" label={SITUACAO_IMOVEL_LABELS[situacao] ?? situacao} />;
}
export const m2 = (v: string | null) => (v == null ? '—' : `${formatDecimal(v, 2)} m²`);
/** The address in one line: street, bairro, city/UF. */
export const addressOf = (r: PublicImovel) =>
  [r.endereco, r.bairro, [r.cidade, r.uf].filter(Boolean).join('/')].filter(Boolean).join(' · ');

const PAGE_SIZE = 25;

/**
 * The 'Imóveis' tab of the public search (`?aba=imoveis`): search, situação, paging from the server,
 * a table on wide screens and cards with the photo under 768 px. The state lives in the URL.
 */
export function PublicImoveisView({ title, fixedSlug }: { title: string; fixedSlug?: string }) {
  const [sp, setSp] = useSearchParams();
  const location = useLocation();
  const phone = useMediaQuery('(max-width:767.98px)');
  const open = usePublicMunicipios().data ?? [];
  const slug = (fixedSlug ?? sp.get('municipio') ?? '').trim().toLowerCase();
  const q = sp.get('q') ?? '';
  const situacao = SITUACOES_IMOVEL.find((x) => x === sp.get('situacao')) ?? '';
  const page = Math.max(1, Number.parseInt(sp.get('page') ?? '1', 10) || 1);
  const params = slug
    ? {
        municipio: slug,
        page: String(page),
        pageSize: String(PAGE_SIZE),
        ...(q ? { q } : {}),
        ...(situacao ? { situacao } : {}),
      }
    : null;
  const result = usePublicImoveis(params);

  // From the address bar at the moment of the change (see PublicListView): a search applied by its timer keeps a
  // situation chosen just before, even before the page re-rendered.
  const update = (patch: Record<string, string>) => {
    const next = new URLSearchParams(window.location.search);
    next.set('aba', 'imoveis');
    for (const [k, v] of Object.entries(patch))
      if (v) next.set(k, v);
      else next.delete(k);
    if (!('page' in patch)) next.delete('page');
    setSp(next, { replace: true });
  };
  const [search, setSearch] = useDebouncedSearch(q, (v) => update({ q: v.trim() }));
  useEffect(() => {
    if (!fixedSlug && !slug && open.length === 1) update({ municipio: open[0].slug });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fixedSlug, slug, open.length]);

  const name = open.find((m) => m.slug === slug)?.name;
  const total = result.data?.total ?? 0;
  const rows = result.data?.imoveis ?? [];
  const detailOf = (r: PublicImovel) => `/consulta-publica/imovel/${r.id}?municipio=${encodeURIComponent(slug)}`;
  const back = { from: location.pathname + location.search };
  const blocked = result.isError && !result.data;

  let body;
  if (!slug)
    body = (
      <Paper variant="outlined">
        <EmptyState
          icon={<HomeWorkOutlined fontSize="inherit" />}
          title="Escolha um município para consultar os imóveis."
        />
      </Paper>
    );
  else if (blocked)
    body = (
      <PublicProblem
        error={result.error}
        hint="Confira o endereço ou escolha outro município."
        onRetry={() => void result.refetch()}
      />
    );
  else
    body = (
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>{result.isFetching && <LinearProgress aria-label="Carregando imóveis" />}</Box>
        {!result.isFetching && rows.length === 0 ? (
          <EmptyState
            title="Nenhum imóvel encontrado."
            description={q || situacao ? 'Tente outros termos de busca ou limpe os filtros.' : undefined}
          />
        ) : phone ? (
          <Stack component="ul" aria-label="Imóveis encontrados" spacing={1} sx={{ listStyle: 'none', m: 0, p: 1.5 }}>
            {rows.map((r) => (
              <Card key={r.id} component="li" variant="outlined">
                <CardActionArea
                  component={RouterLink}
                  to={detailOf(r)}
                  state={back}
                  aria-label={`Imóvel ${r.denominacao}`}
                >
                  <Box sx={{ display: 'flex', gap: 1.5, p: 1.5 }}>
                    {r.fotoUrl ? (
                      <Box
                        component="img"
                        src={r.fotoUrl}
                        alt=""
                        sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
                      />
                    ) : (
                      <Box
                        aria-hidden
                        sx={{
                          width: 72,
                          height: 72,
                          borderRadius: 1,
                          flexShrink: 0,
                          display: 'grid',
                          placeItems: 'center',
                          bgcolor: 'action.hover',
                          color: 'text.secondary',
                        }}
                      >
                        <HomeWorkOutlined />
                      </Box>
                    )}
                    <CardContent sx={{ p: 0, '&:last-child': { pb: 0 }, minWidth: 0, flex: 1 }}>
                      <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{r.denominacao}</Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {addressOf(r)}
                      </Typography>
                      <Stack
                        direction="row"
                        spacing={1}
                        alignItems="center"
                        sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}
                      >
                        <SituacaoChip situacao={r.situacao} />
                        <Typography variant="caption" color="text.secondary">
                          {[r.utilizacao, r.area_construida ? m2(r.area_construida) : null].filter(Boolean).join(' · ')}
                        </Typography>
                      </Stack>
                    </CardContent>
                  </Box>
                </CardActionArea>
              </Card>
            ))}
          </Stack>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Imóveis encontrados">
              <TableHead>
                <TableRow>
                  <TableCell>Nº</TableCell>
                  <TableCell>Denominação</TableCell>
                  <TableCell>Endereço</TableCell>
                  <TableCell>Utilização</TableCell>
                  <TableCell>Situação</TableCell>
                  <TableCell align="right">Área construída</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      {r.numero_patrimonio}
                    </TableCell>
                    <TableCell sx={{ minWidth: 200 }}>
                      <Link
                        component={RouterLink}
                        to={detailOf(r)}
                        state={back}
                        underline="hover"
                        sx={{ fontWeight: 600 }}
                      >
                        {r.denominacao}
                      </Link>
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{addressOf(r)}</TableCell>
                    <TableCell>{r.utilizacao ?? '—'}</TableCell>
                    <TableCell>
                      <SituacaoChip situacao={r.situacao} />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {m2(r.area_construida)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {total > 0 && (
          <TablePagination
            component="div"
            count={total}
            page={Math.min(page - 1, Math.max(0, Math.ceil(total / PAGE_SIZE) - 1))}
            onPageChange={(_e, p) => update({ page: p > 0 ? String(p + 1) : '' })}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[]}
          />
        )}
      </Paper>
    );

  return (
    <>
      <PageHeader
        title={title}
        subtitle={`${name ? `${name} — imóveis` : 'Imóveis'} públicos do município: denominação, endereço, utilização, áreas e situação.`}
      />
      <PublicTabs value="imoveis" slug={slug} fixedSlug={fixedSlug} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
        {!fixedSlug && (
          <TextField
            select
            size="small"
            id="consulta-imoveis-municipio"
            label="Município"
            sx={{ minWidth: { sm: 240 } }}
            value={open.some((m) => m.slug === slug) ? slug : ''}
            onChange={(e) => update({ municipio: e.target.value, q: '', situacao: '' })}
            disabled={open.length === 0}
          >
            {open.map((m) => (
              <MenuItem key={m.id} value={m.slug}>
                {m.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <SearchField
          id="consulta-imoveis-busca"
          type="search"
          label="Buscar por denominação, número ou endereço"
          value={search}
          disabled={!slug || blocked}
          onChange={(e) => setSearch(e.target.value)}
        />
        <TextField
          select
          size="small"
          id="consulta-imoveis-situacao"
          label="Situação"
          sx={{ minWidth: { sm: 180 } }}
          value={situacao}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          disabled={!slug || blocked}
          onChange={(e) => update({ situacao: e.target.value })}
        >
          <MenuItem value="">Todas</MenuItem>
          {SITUACOES_IMOVEL.map((s) => (
            <MenuItem key={s} value={s}>
              {SITUACAO_IMOVEL_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary" role="status" aria-live="polite" sx={{ ml: { sm: 'auto' } }}>
          {result.data ? `${formatNumber(total)} ${total === 1 ? 'imóvel encontrado' : 'imóveis encontrados'}` : ''}
        </Typography>
      </Stack>
      {body}
    </>
  );
}
