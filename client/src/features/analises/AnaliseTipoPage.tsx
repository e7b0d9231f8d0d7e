import type { PageProps } from '../../lib/feature';
import { AnaliseGrupoPage } from './AnaliseGrupoPage';

/** /analise/tipo */
export default function AnaliseTipoPage(p: PageProps) {
  return <AnaliseGrupoPage {...p} por="tipo" />;
}
