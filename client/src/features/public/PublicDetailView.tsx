import type { ReactNode } from 'react';
import { Navigate, Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { PUBLIC_MSG, formatDate, publicAssetPath } from '@tombo/shared';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { PageHeader } from '../../components/PageHeader';
import { StatusChip } from '../patrimonios';
import { PublicFacts } from './PublicFacts';
import { PublicProblem } from './PublicProblem';
import type { MunicipioRef } from './keys';
import { usePublicBemMunicipios, usePublicMunicipios, usePublicPatrimonio } from './queries';

/**
 * /consulta-publica/bem/:numero — the public card of one asset. The municipality comes as
 * `?municipio=<slug>` (links of the public list) or `?municipalityId=<id>` (the QR of the asset label).
 */
export function PublicDetailView({ title, numero }: { title: string; numero: string }) {
  const [sp] = useSearchParams();
  const from = (useLocation().state as { from?: string } | null)?.from;
  const slugParam = sp.get('municipio')?.trim().toLowerCase();
  const idParam = sp.get('municipalityId')?.trim();
  const ref: MunicipioRef | null = slugParam ? { municipio: slugParam } : idParam ? { municipalityId: idParam } : null;
  const { data: p, isPending, isError, error, refetch } = usePublicPatrimonio(numero, ref);
  const municipios = usePublicMunicipios();
  // A number without its municipality (an old label, a typed link): resolved when it is unique.
  const where = usePublicBemMunicipios(numero, !ref);
  const slug = slugParam ?? municipios.data?.find((m) => String(m.id) === idParam)?.slug;
  // Back to the very search the visitor came from, else to the list of that municipality.
  const back = from?.startsWith('/consulta-publica')
    ? from
    : slug
      ? `/consulta-publica/${encodeURIComponent(slug)}`
      : '/consulta-publica';
  const backButton = (
    <Button startIcon={<ArrowBack />} component={RouterLink} to={back}>
      Voltar à consulta
    </Button>
  );

  let body: ReactNode;
  if (!ref) {
    const found = where.data?.municipios ?? [];
    if (found.length === 1) return <Navigate replace to={publicAssetPath(numero, found[0].id)} />;
    body = where.isPending ? (
      <ContentSpinner />
    ) : where.isError ? (
      <PublicProblem
        error={where.error}
        hint="Confira o número do patrimônio ou procure o bem pela consulta pública do seu município."
        onRetry={() => void where.refetch()}
      />
    ) : (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography sx={{ fontWeight: 600 }}>{PUBLIC_MSG.chooseMunicipio}</Typography>
        <Stack spacing={1} sx={{ mt: 1.5 }}>
          {found.map((m) => (
            <Button
              key={m.id}
              variant="outlined"
              component={RouterLink}
              to={publicAssetPath(numero, m.id)}
              sx={{ justifyContent: 'flex-start' }}
            >
              {m.name}
            </Button>
          ))}
        </Stack>
      </Paper>
    );
  } else if (isPending) {
    body = <ContentSpinner />;
  } else if (isError || !p) {
    body = (
      <PublicProblem
        error={error}
        hint="Confira o número do patrimônio e o município."
        onRetry={() => void refetch()}
      />
    );
  } else {
    const rows: Array<[string, ReactNode]> = [
      [
        'Número de patrimônio',
        <Box component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
          {p.numero_patrimonio}
        </Box>,
      ],
      ['Descrição do bem', p.descricao_bem],
      ['Tipo', p.tipo ?? '—'],
      ['Setor responsável', p.setor_responsavel],
      ['Local', p.local_objeto ?? '—'],
      ['Data de aquisição', p.data_aquisicao ? formatDate(p.data_aquisicao) : '—'],
      ['Município', p.municipio],
    ];
    body = (
      <Paper variant="outlined" component="article" aria-labelledby="consulta-bem-titulo">
        <Stack
          direction="row"
          spacing={1}
          alignItems="center"
          justifyContent="space-between"
          sx={{ px: 2, pt: 2, flexWrap: 'wrap', rowGap: 1 }}
        >
          <Typography id="consulta-bem-titulo" variant="h6" component="h2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            Bem {p.numero_patrimonio}
          </Typography>
          <StatusChip status={p.status} />
        </Stack>
        <PublicFacts rows={rows} />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, pb: 2 }}>
          Informações públicas do patrimônio municipal. Valores, documentos e dados internos não são exibidos.
        </Typography>
      </Paper>
    );
  }

  return (
    <>
      <PageHeader title={title} subtitle={p?.descricao_bem} actions={backButton} />
      {body}
    </>
  );
}
