import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { ContentSpinner } from '../../components/FullScreenSpinner';
import { PageHeader } from '../../components/PageHeader';
import { usePublicImovel } from './imoveisQueries';
import type { MunicipioRef } from './keys';
import { m2, SituacaoChip } from './PublicImoveisView';
import { PublicFacts } from './PublicFacts';
import { PublicProblem } from './PublicProblem';
import { usePublicMunicipios } from './queries';

/**
 * /consulta-publica/imovel/:id — the public card of one property (spec §2.1): its photo, denominação,
 * address, utilização, areas and situação. The municipality comes as `?municipio=` or `?municipalityId=`;
 * an old link without either is answered by the property's own municipality (when open to the public).
 */
export function PublicImovelDetailView({ title, id }: { title: string; id: string }) {
  const [sp] = useSearchParams();
  const from = (useLocation().state as { from?: string } | null)?.from;
  const slugParam = sp.get('municipio')?.trim().toLowerCase();
  const idParam = sp.get('municipalityId')?.trim();
  const ref: MunicipioRef | null = slugParam ? { municipio: slugParam } : idParam ? { municipalityId: idParam } : null;
  const { data: p, isPending, isError, error, refetch } = usePublicImovel(id, ref);
  const municipios = usePublicMunicipios();
  const slug =
    slugParam ??
    municipios.data?.find((m) => (idParam ? String(m.id) === idParam : !!p && m.name === p.municipio))?.slug;
  const back = from?.startsWith('/consulta-publica')
    ? from
    : slug
      ? `/consulta-publica?municipio=${encodeURIComponent(slug)}&aba=imoveis`
      : '/consulta-publica?aba=imoveis';
  const backButton = (
    <Button startIcon={<ArrowBack />} component={RouterLink} to={back}>
      Voltar à consulta
    </Button>
  );

  let body: ReactNode;
  if (isPending && /^\d+$/.test(id)) {
    body = <ContentSpinner />;
  } else if (isError || !p) {
    body = (
      <PublicProblem error={error} hint="Confira o endereço do imóvel e o município." onRetry={() => void refetch()} />
    );
  } else {
    const rows: Array<[string, ReactNode]> = [
      ['Número de patrimônio', p.numero_patrimonio],
      ['Endereço', p.endereco],
      ['Bairro', p.bairro ?? '—'],
      ['Cidade', [p.cidade, p.uf].filter(Boolean).join('/') || '—'],
      ['CEP', p.cep ?? '—'],
      ['Utilização', p.utilizacao ?? '—'],
      ['Área construída', m2(p.area_construida)],
      ['Área do terreno', m2(p.area_terreno)],
      ['Município', p.municipio],
    ];
    body = (
      <Paper
        variant="outlined"
        component="article"
        aria-labelledby="consulta-imovel-titulo"
        sx={{ overflow: 'hidden' }}
      >
        {p.fotoUrl && (
          <Box
            component="img"
            src={p.fotoUrl}
            alt={`Foto de ${p.denominacao}`}
            sx={{ display: 'block', width: '100%', maxHeight: { xs: 240, sm: 360 }, objectFit: 'cover' }}
          />
        )}
        <Stack
          direction="row"
          spacing={1}
          alignItems="center"
          justifyContent="space-between"
          sx={{ px: 2, pt: 2, flexWrap: 'wrap', rowGap: 1 }}
        >
          <Typography id="consulta-imovel-titulo" variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {p.denominacao}
          </Typography>
          <SituacaoChip situacao={p.situacao} />
        </Stack>
        <PublicFacts rows={rows} />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, pb: 2 }}>
          Informações públicas do patrimônio imobiliário municipal. Valores, documentos e dados internos não são
          exibidos.
        </Typography>
      </Paper>
    );
  }
  return (
    <>
      <PageHeader title={title} subtitle={p?.denominacao} actions={backButton} />
      {body}
    </>
  );
}
