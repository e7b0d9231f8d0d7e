-- Sector ids are unique across municipalities, so "municipality and sector" is as selective as the
-- sector alone; without this the planner multiplies both selectivities, expects a sector to hold a
-- tenth of its assets, and picks sort plans meant for small sets.
CREATE STATISTICS IF NOT EXISTS "patrimonios_m_sector_local_stats" (dependencies, ndistinct) ON "municipality_id", "sector_id", "local_id" FROM "patrimonios";
