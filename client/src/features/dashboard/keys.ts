/** Query keys of the dashboard's figures. */
export const dashboardKeys = {
  assetStats: ['dashboard', 'bens'] as const,
  pendencias: ['dashboard', 'pendencias'] as const,
};
