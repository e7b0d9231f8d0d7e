import { matchPath, useLocation, useParams } from 'react-router';
import Paper from '@mui/material/Paper';
import HomeWorkOutlined from '@mui/icons-material/HomeWorkOutlined';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { PublicLayout } from '../../app/layouts/public/PublicLayout';
import { PublicDetailView } from './PublicDetailView';
import { PublicListView } from './PublicListView';

/**
 * The four public routes (no sign-in): /consulta-publica (list, municipality chosen in a select),
 * /consulta-publica/:id (list of the municipality whose slug is :id), /consulta-publica/bem/:numero
 * (one asset) and /consulta-publica/imovel/:id (properties: not in the product yet).
 */
export default function PublicConsultationPage({ title }: { title: string }) {
  const { pathname } = useLocation();
  const { numero, id } = useParams();
  let content;
  if (numero !== undefined) {
    content = <PublicDetailView key={numero} title={title} numero={numero} />;
  } else if (matchPath('/consulta-publica/imovel/:id', pathname)) {
    content = (
      <>
        <PageHeader title={title} subtitle="Consulta pública ao patrimônio imobiliário do município." />
        <Paper variant="outlined">
          <EmptyState
            icon={<HomeWorkOutlined fontSize="inherit" />}
            title="Consulta de imóveis indisponível."
            description="A consulta pública de imóveis será disponibilizada quando o cadastro de imóveis estiver disponível."
          />
        </Paper>
      </>
    );
  } else {
    // Keyed by the slug: another municipality's link starts from a clean search box.
    content = <PublicListView key={id ?? ''} title={title} fixedSlug={id} />;
  }
  return <PublicLayout>{content}</PublicLayout>;
}
