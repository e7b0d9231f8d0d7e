import { matchPath, useLocation, useParams, useSearchParams } from 'react-router';
import { PublicLayout } from '../../app/layouts/public/PublicLayout';
import { PublicDetailView } from './PublicDetailView';
import { PublicImoveisView } from './PublicImoveisView';
import { PublicImovelDetailView } from './PublicImovelDetailView';
import { PublicListView } from './PublicListView';
import { PublicMunicipioPanel } from './PublicMunicipioPanel';
import { PublicTabs } from './PublicTabs';

/**
 * The four public routes (no sign-in): /consulta-publica (list, municipality chosen in a select),
 * /consulta-publica/:id (list of the municipality whose slug is :id), /consulta-publica/bem/:numero
 * (one asset) and /consulta-publica/imovel/:id (one property). `?aba=imoveis` shows the properties tab.
 */
export default function PublicConsultationPage({ title }: { title: string }) {
  const { pathname } = useLocation();
  const { numero, id } = useParams();
  const [sp] = useSearchParams();
  let content;
  if (numero !== undefined) {
    content = <PublicDetailView key={numero} title={title} numero={numero} />;
  } else if (matchPath('/consulta-publica/imovel/:id', pathname)) {
    content = <PublicImovelDetailView key={id} title={title} id={id ?? ''} />;
  } else if (sp.get('aba') === 'imoveis') {
    content = <PublicImoveisView key={id ?? ''} title={title} fixedSlug={id} />;
  } else {
    // Keyed by the slug: another municipality's link starts from a clean search box.
    content = (
      <>
        {id && <PublicMunicipioPanel refParam={id} />}
        <PublicListView
          key={id ?? ''}
          title={title}
          fixedSlug={id}
          tabs={(slug) => <PublicTabs value="bens" slug={slug} fixedSlug={id} />}
        />
      </>
    );
  }
  return <PublicLayout>{content}</PublicLayout>;
}
