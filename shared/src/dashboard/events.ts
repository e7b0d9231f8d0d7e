import type { LiveEvent } from '../common';
import type { DashboardLayoutResponse } from './types';

/** Live events of the dashboard, to the user's own room (their other tabs and devices). */
export interface DashboardEvents {
  /** The user saved or reset a dashboard's layout. */
  'dashboard.layout_changed': (e: LiveEvent<DashboardLayoutResponse>) => void;
}
