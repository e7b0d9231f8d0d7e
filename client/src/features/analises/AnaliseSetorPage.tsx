import type { PageProps } from '../../lib/feature';
import { AnaliseGrupoPage } from './AnaliseGrupoPage';

/** /analise/setor */
export default function AnaliseSetorPage(p: PageProps) {
  return <AnaliseGrupoPage {...p} por="setor" />;
}
