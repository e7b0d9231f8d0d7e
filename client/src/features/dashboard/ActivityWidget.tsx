import { useCan } from '../../lib/permissions';
import { RecentActivity } from '../audit';

/**
 * 'Atividade Recente' for every role: the server decides what each one sees (the whole log with
 * `audit:read`, else the entries about the assets the user sees); the full log is linked for its readers.
 */
export function ActivityWidget() {
  const can = useCan();
  return <RecentActivity limit={6} showAll={can('audit:read')} />;
}
